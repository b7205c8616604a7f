import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellTooltip, figureWords, isFigure, TOOLTIP_FROM_CHARS } from "./cell-layout.ts";

describe("table cell layout", () => {
  it.each([
    ["2026-11-21 08:36:57", true],
    ["16.0 km", true],
    ["88 km/h", true],
    ["290.40 EUR", true],
    ["0:21:00", true],
    ["21 %", true],
    ["-3.70412, 40.41678", true],
    ["Seat Leon 3", false],
    ["Avenida del Mediterráneo 497, Madrid", false],
    ["3 Calle Mayor", false],
    ["", false],
  ])("%j is a figure: %s", (text, expected) => {
    expect(isFigure(text)).toBe(expected);
  });

  it("keeps a figure's words whole", () => {
    expect(figureWords(" 2026-11-21  08:36:57 ")).toEqual(["2026-11-21", "08:36:57"]);
  });

  it("every number with or without a unit is a figure, and its words join back to it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.constantFrom("", " km", " km/h", " EUR", " h", " %"),
        (n, unit) => {
          const text = `${n.toFixed(2)}${unit}`;
          expect(isFigure(text)).toBe(true);
          expect(figureWords(text).join(" ")).toBe(text);
        },
      ),
    );
  });

  it("gives a tooltip to texts long enough to be cut, only", () => {
    expect(cellTooltip("Madrid")).toBeUndefined();
    const long = "x".repeat(TOOLTIP_FROM_CHARS);
    expect(cellTooltip(long)).toBe(long);
  });
});
