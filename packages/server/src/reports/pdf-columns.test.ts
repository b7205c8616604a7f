import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnWidths } from "./pdf-columns.ts";

describe("columnWidths", () => {
  it.each([
    {
      name: "by weight when every column is wide enough",
      weights: [1, 1, 2],
      mins: [10, 10, 10],
      pageW: 400,
      want: [100, 100, 200],
    },
    {
      name: "a narrow column held at its longest word",
      weights: [1, 1, 8],
      mins: [60, 10, 10],
      pageW: 500,
      want: [60, 48.9, 391.1],
    },
    {
      name: "minimums over the page are scaled down",
      weights: [1, 1],
      mins: [300, 300],
      pageW: 300,
      want: [150, 150],
    },
  ])("$name", ({ weights, mins, pageW, want }) => {
    const got = columnWidths(weights, mins, pageW);
    for (const [i, w] of want.entries()) expect(got[i]).toBeCloseTo(w, 1);
  });

  it("fills the page and honours every minimum that fits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0.5, max: 3, noNaN: true }), fc.integer({ min: 5, max: 80 })), {
          minLength: 1,
          maxLength: 20,
        }),
        (cols) => {
          const pageW = 770;
          const widths = columnWidths(
            cols.map((c) => c[0]),
            cols.map((c) => c[1]),
            pageW,
          );
          expect(widths.reduce((s, w) => s + w, 0)).toBeCloseTo(pageW, 3);
          const minTotal = cols.reduce((s, c) => s + c[1], 0);
          if (minTotal < pageW)
            for (const [i, w] of widths.entries()) expect(w).toBeGreaterThanOrEqual(cols[i]![1] - 1e-6);
        },
      ),
    );
  });
});
