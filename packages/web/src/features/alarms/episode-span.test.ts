import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSpan } from "./episode-span.ts";

describe("formatSpan", () => {
  it.each([
    [0, "0:00"],
    [999, "0:01"],
    [65_000, "1:05"],
    [3_599_000, "59:59"],
    [3_600_000, "1:00:00"],
    [90_061_000, "25:01:01"],
    [-5_000, "0:00"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });

  it("reads back to the rounded seconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 86_400_000 }), (ms) => {
        const parts = formatSpan(ms).split(":").map(Number);
        const seconds = parts.reduce((acc, n) => acc * 60 + n, 0);
        expect(seconds).toBe(Math.round(ms / 1000));
      }),
    );
  });
});
