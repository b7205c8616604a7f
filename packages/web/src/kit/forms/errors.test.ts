import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { errorText } from "./errors.ts";

let t: TFunction;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    resources: {
      en: {
        translation: {
          mgmtErrors: {
            required: "Required",
            unknownGroup: "Unknown group {{value}}",
            too_long: "Too long",
          },
        },
      },
    },
    interpolation: { escapeValue: false },
  });
  t = i18n.t;
});

describe("errorText", () => {
  it.each([
    { key: undefined, expected: undefined },
    { key: "", expected: undefined },
    { key: "required", expected: "Required" },
    { key: "unknownGroup:Madrid", expected: "Unknown group Madrid" },
    // Dots would be read as nesting by i18next: they are turned into underscores.
    { key: "too.long", expected: "Too long" },
    // A key nobody translated still says something: the key itself.
    { key: "brandNewRule", expected: "brandNewRule" },
    { key: "brandNewRule:42", expected: "brandNewRule:42" },
  ])("turns $key into $expected", ({ key, expected }) => {
    expect(errorText(t, key)).toBe(expected);
  });
});
