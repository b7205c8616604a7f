import { describe, expect, it } from "vitest";
import { planCorners } from "./indoor.ts";

describe("planCorners", () => {
  it("gives the four corners round from the top-left as [lng, lat], the fourth completing the parallelogram", () => {
    const g = {
      topLeft: { lat: 40.5, lng: -3.7 },
      topRight: { lat: 40.5, lng: -3.6 },
      bottomLeft: { lat: 40.4, lng: -3.7 },
      opacity: 1,
    };
    const corners = planCorners(g);
    expect(corners.slice(0, 2)).toEqual([
      [-3.7, 40.5],
      [-3.6, 40.5],
    ]);
    expect(corners[2][0]).toBeCloseTo(-3.6);
    expect(corners[2][1]).toBeCloseTo(40.4);
    expect(corners[3]).toEqual([-3.7, 40.4]);
  });
});
