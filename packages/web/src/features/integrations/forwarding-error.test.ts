import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../platform/i18n/locales.ts";
import { forwardingErrorText } from "./forwarding-error.ts";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: "en", resources: { en: { translation: LOCALES.en } } });
});

describe("forwardingErrorText", () => {
  it.each([
    ["egress.refused", "The receiver could not be reached: address refused, down or not answering"],
    ["no answer", "The receiver did not answer"],
    ["HTTP 503", "The receiver answered HTTP 503"],
    ["connack timeout", "connack timeout"],
  ])("%s → %s", (code, text) => expect(forwardingErrorText(code, i18n.t)).toBe(text));
});
