import { describe, expect, it } from "vitest";
import { ringAreaM2, segmentLengths } from "./measure.ts";

describe("measure", () => {
  it("gives each segment and the total", () => {
    const { segments, total } = segmentLengths([
      [-3, 40],
      [-3, 40.01],
      [-3, 40.03],
    ]);
    expect(segments.map(Math.round)).toEqual([1112, 2224]);
    expect(Math.round(total)).toBe(3336);
    expect(segmentLengths([[-3, 40]])).toEqual({ segments: [], total: 0 });
  });

  it("gives the area of a closed shape: a 0.01° square at 40° N is about 0.95 km²", () => {
    const area = ringAreaM2([
      [0, 40],
      [0.01, 40],
      [0.01, 40.01],
      [0, 40.01],
    ]);
    expect(area / 1e6).toBeCloseTo(0.947, 2);
    expect(
      ringAreaM2([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });
});
