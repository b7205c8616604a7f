import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnWidths, wrapAtSpaces } from "./pdf-columns.ts";

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

describe("wrapAtSpaces", () => {
  // One unit per character: a stand-in for the font's widths that keeps the table readable.
  const measure = (text: string) => text.length;
  it.each([
    { label: "Velocidad media (km/h)", width: 12, want: ["Velocidad", "media (km/h)"] },
    { label: "Velocidad media (km/h)", width: 9, want: ["Velocidad", "media", "(km/h)"] },
    { label: "Distancia", width: 20, want: ["Distancia"] },
    { label: "Tiempo de conducción", width: 11, want: ["Tiempo de", "conducción"] },
    { label: "Combustible (L)", width: 5, want: ["Combustible", "(L)"] },
    { label: "  ", width: 5, want: [] },
  ])("$label in $width", ({ label, width, want }) => {
    expect(wrapAtSpaces(label, width, measure)).toEqual(want);
  });

  it("keeps every word whole and in order, and a line wider than the column holds one word", () => {
    const word = fc.stringMatching(/^[a-z()/]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.integer({ min: 1, max: 30 }), (words, width) => {
        const lines = wrapAtSpaces(words.join(" "), width, measure);
        expect(
          lines
            .join(" ")
            .split(" ")
            .filter((w) => w !== ""),
        ).toEqual(words);
        for (const line of lines) if (measure(line) > width) expect(line.includes(" ")).toBe(false);
      }),
    );
  });
});
