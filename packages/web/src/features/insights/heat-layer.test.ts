import type { Heatmap } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { heatBounds, heatFeatures, resolutionForZoom } from "./heat-layer.ts";

const heatmap: Heatmap = {
  layer: "positions",
  resolution: 8,
  total: 15,
  max: 10,
  cells: [
    { h3: "a", lat: 40, lng: -3, count: 10 },
    { h3: "b", lat: 41, lng: -4, count: 5 },
  ],
};

describe("heat layer", () => {
  it("weights cells by their share of the busiest", () => {
    expect(heatFeatures(heatmap).features.map((f) => f.properties?.weight)).toEqual([1, 0.5]);
  });
  it("bounds every cell", () =>
    expect(heatBounds(heatmap)).toEqual([
      [-4, 40],
      [-3, 41],
    ]));
  it("picks coarse hexagons far out and fine ones close in", () => {
    expect(resolutionForZoom(3)).toBe(4);
    expect(resolutionForZoom(12)).toBe(8);
    expect(resolutionForZoom(20)).toBe(10);
  });
});
