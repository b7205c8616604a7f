import { describe, expect, it } from "vitest";
import { corridorStretch, ringPolygon } from "./corridor-stretch.ts";

const route = [0, 1, 2, 3, 4].map((i) => ({ lat: 40 + i / 100, lng: -3, ts: i, spd: 9 }));

describe("corridorStretch", () => {
  it.each([
    { a: null, b: null, lats: [40, 40.01, 40.02, 40.03, 40.04], why: "the whole route by default" },
    { a: 1, b: 3, lats: [40.01, 40.02, 40.03], why: "the picked stretch" },
    { a: 3, b: 1, lats: [40.01, 40.02, 40.03], why: "picked in either order" },
    { a: 2, b: null, lats: [40.02, 40.03, 40.04], why: "from a point to the end" },
  ])("$why", ({ a, b, lats }) => {
    const stretch = corridorStretch(route, a, b);
    expect(stretch?.map((p) => p.lat)).toEqual(lats);
    // Only coordinates go to the server.
    expect(Object.keys(stretch?.[0] ?? {})).toEqual(["lat", "lng"]);
  });

  it.each([
    { a: 2, b: 2, why: "a single fix" },
    { a: 0, b: 9, why: "a pick outside the route" },
  ])("is null for $why", ({ a, b }) => {
    expect(corridorStretch(route, a, b)).toBeNull();
  });

  it("is null for a route of one fix", () => {
    expect(corridorStretch(route.slice(0, 1), null, null)).toBeNull();
  });
});

describe("ringPolygon", () => {
  it("closes the ring in lng, lat order", () => {
    expect(
      ringPolygon([
        { lat: 1, lng: 2 },
        { lat: 3, lng: 4 },
        { lat: 5, lng: 6 },
      ]),
    ).toEqual([
      [
        [2, 1],
        [4, 3],
        [6, 5],
        [2, 1],
      ],
    ]);
  });
});
