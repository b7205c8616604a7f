import { describe, expect, it } from "vitest";
import { formatHours } from "./format.ts";

describe("insight formats", () => {
  it.each([
    ["en", 27 * 3_600_000 + 5 * 60_000, "27:05 h"],
    ["en", 12_345 * 3_600_000, "12,345:00 h"],
    ["es", 12_345 * 3_600_000, "12.345:00 h"],
  ])("%s: %d ms is %s", (lang, ms, text) => expect(formatHours(ms, lang)).toBe(text));
});
