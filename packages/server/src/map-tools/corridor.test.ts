import { distanceM, type LatLng, POLYGON_MAX_VERTICES, validatePolygon } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { pointInZone } from "../places/index.ts";
import { buildCorridor, fitRing } from "./corridor.ts";

/** A straight line east from (40, -3), `n` points `stepM` apart. */
const east = (n: number, stepM: number): LatLng[] =>
  Array.from({ length: n }, (_, i) => ({
    lat: 40,
    lng: -3 + (i * stepM) / (111_195 * Math.cos((40 * Math.PI) / 180)),
  }));

const inside = (ring: LatLng[], p: LatLng) => pointInZone(p, { id: 1, kind: "polygon", ring });

describe("buildCorridor", () => {
  it.each([
    { widthM: 50, off: 20, expected: true },
    { widthM: 50, off: 30, expected: false },
    { widthM: 400, off: 180, expected: true },
    { widthM: 400, off: 230, expected: false },
  ])("a $widthM m corridor holds a point $off m off the line: $expected", ({ widthM, off, expected }) => {
    const line = east(20, 50);
    const corridor = buildCorridor(line, widthM, 0);
    expect(corridor).not.toBeNull();
    const mid = line[10] as LatLng;
    expect(inside(corridor!.points, { lat: mid.lat + off / 111_195, lng: mid.lng })).toBe(expected);
    expect(validatePolygon(corridor!.points)).toBeNull();
  });

  it("simplifies with the tolerance: fewer vertices, still valid and still around the line", () => {
    const wiggle = east(200, 20).map((p, i) => ({ ...p, lat: p.lat + (i % 2 ? 3 : -3) / 111_195 }));
    const raw = buildCorridor(wiggle, 100, 0)!;
    const simple = buildCorridor(wiggle, 100, 10)!;
    expect(simple.points.length).toBeLessThan(raw.points.length);
    expect(simple.bufferVertices).toBe(raw.bufferVertices);
    expect(validatePolygon(simple.points)).toBeNull();
    for (const p of wiggle.filter((_, i) => i % 20 === 0)) expect(inside(simple.points, p)).toBe(true);
  });

  it("fills a loop of the route (a geozone has no holes) and gives a valid ring", () => {
    const square: LatLng[] = [
      { lat: 40, lng: -3 },
      { lat: 40.01, lng: -3 },
      { lat: 40.01, lng: -2.99 },
      { lat: 40, lng: -2.99 },
      { lat: 40, lng: -3 },
    ];
    const corridor = buildCorridor(square, 100, 5)!;
    expect(validatePolygon(corridor.points)).toBeNull();
    expect(inside(corridor.points, { lat: 40.005, lng: -2.995 })).toBe(true);
  });

  it("is null for a line with no length (an item that stood still)", () => {
    const p = { lat: 40, lng: -3 };
    expect(buildCorridor([p, { lat: p.lat + 1e-7, lng: p.lng }, p], 100, 0)).toBeNull();
  });
});

describe("fitRing", () => {
  it("raises the tolerance until a geozone may hold the ring", () => {
    const n = POLYGON_MAX_VERTICES * 2;
    const circle = Array.from({ length: n }, (_, i) => ({
      lat: 40 + 0.01 * Math.sin((2 * Math.PI * i) / n),
      lng: -3 + 0.013 * Math.cos((2 * Math.PI * i) / n),
    }));
    const out = fitRing(circle, 0);
    expect(out.length).toBeLessThanOrEqual(POLYGON_MAX_VERTICES);
    expect(validatePolygon(out)).toBeNull();
    expect(distanceM(out[0] as LatLng, circle[0] as LatLng)).toBeLessThan(50);
  });
});
