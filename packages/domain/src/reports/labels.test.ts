import { describe, expect, it } from "vitest";
import { REPORT_LOCALES, reportWords } from "./labels.ts";

const sections = ["titles", "columns", "costColumns", "header"] as const;
const { en = reportWords("en"), ...others } = REPORT_LOCALES;

describe("report words per language", () => {
  it.each(Object.entries(others))(
    "%s has every key English has, and no other, each with a text",
    (_, words) => {
      for (const section of sections) {
        const keys = Object.keys(en[section]).sort();
        expect(Object.keys(words[section]).sort(), section).toEqual(keys);
        expect(
          Object.values(words[section]).filter((text) => !/\S/.test(text)),
          section,
        ).toEqual([]);
      }
    },
  );

  it("looks a language up by its first two letters, English for one it does not have", () => {
    expect(reportWords("es-ES")).toBe(REPORT_LOCALES.es);
    expect(reportWords("PT")).toBe(REPORT_LOCALES.pt);
    expect(reportWords("xx")).toBe(en);
  });
});
