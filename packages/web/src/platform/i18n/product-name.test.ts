import i18next from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_KEY } from "../session/storage.ts";
import { initI18n, setProductName } from "./index.ts";

beforeAll(() => {
  localStorage.setItem(LANGUAGE_KEY, "en");
  initI18n();
});
afterAll(() => setProductName("Vigia"));

describe("texts that name the product", () => {
  it("say the name the site's brand gives it", () => {
    setProductName("Flota 53");
    expect(i18next.t("webPush.help")).toContain("even when Flota 53 is closed");
    expect(i18next.t("webPush.help")).not.toContain("{{product}}");
  });
});
