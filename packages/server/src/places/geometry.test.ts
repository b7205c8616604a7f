import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  distanceM,
  type LatLng,
  pointInZone,
  pointInZoneWithMargin,
  simplifyRing,
  validatePolygon,
  type Zone,
  ZoneIndex,
  ZoneTracker,
} from "./geometry.ts";

const ll = (lat: number, lng: number): LatLng => ({ lat, lng });
const poly = (id: number, ...pts: [number, number][]): Zone => ({
  id,
  kind: "polygon",
  ring: pts.map(([lat, lng]) => ll(lat, lng)),
});
const circle = (id: number, lat: number, lng: number, radiusM: number): Zone => ({
  id,
  kind: "circle",
  center: ll(lat, lng),
  radiusM,
});

describe("distanceM", () => {
  it.each([
    ["one degree of latitude", ll(0, 0), ll(1, 0), 111_195],
    ["across the antimeridian", ll(0, 179.5), ll(0, -179.5), 111_195],
    ["pole to pole", ll(90, 0), ll(-90, 0), 20_015_115],
    ["across the north pole", ll(89, 0), ll(89, 180), 222_390],
    ["same point", ll(40.4, -3.7), ll(40.4, -3.7), 0],
  ])("%s", (_name, a, b, expected) => {
    expect(distanceM(a, b)).toBeCloseTo(expected, -1);
  });
});

const square = poly(1, [0, 0], [0, 10], [10, 10], [10, 0]);
// A box from 170°E to 170°W, across the antimeridian.
const dateline = poly(2, [-5, 170], [-5, -170], [5, -170], [5, 170]);
// A cap around the north pole above 80°N.
const arctic = poly(3, [80, 0], [80, 90], [80, 180], [80, -90]);
const antarctic = poly(4, [-70, 0], [-70, -120], [-70, 120]);
// A concave "C" opening to the east.
const cShape = poly(5, [0, 0], [0, 10], [3, 10], [3, 3], [7, 3], [7, 10], [10, 10], [10, 0]);

describe("pointInZone: polygons", () => {
  it.each([
    ["inside", square, ll(5, 5), true],
    ["outside", square, ll(15, 5), false],
    ["on an edge", square, ll(0, 5), true],
    ["on the far edge", square, ll(10, 5), true],
    ["on a vertex", square, ll(10, 10), true],
    ["just outside an edge", square, ll(-0.000001, 5), false],
    ["closed ring the same as open", poly(6, [0, 0], [0, 10], [10, 10], [10, 0], [0, 0]), ll(5, 5), true],
    ["antimeridian: east side", dateline, ll(0, 175), true],
    ["antimeridian: west side", dateline, ll(0, -175), true],
    ["antimeridian: on 180", dateline, ll(0, 180), true],
    ["antimeridian: on -180", dateline, ll(0, -180), true],
    ["antimeridian: outside, not the long way round", dateline, ll(0, 0), false],
    ["antimeridian: outside east", dateline, ll(0, -160), false],
    ["north cap: near the pole", arctic, ll(89, 45), true],
    ["north cap: at the pole", arctic, ll(90, 0), true],
    ["north cap: other meridian", arctic, ll(85, -135), true],
    ["north cap: below", arctic, ll(70, 10), false],
    ["south cap: at the pole", antarctic, ll(-90, 0), true],
    ["south cap: inside", antarctic, ll(-80, 60), true],
    ["south cap: north of it", antarctic, ll(-60, 60), false],
    ["concave: in the notch", cShape, ll(5, 6), false],
    ["concave: in the arm", cShape, ll(8, 8), true],
    ["concave: on the ray through a vertex", cShape, ll(3, 1), true],
  ])("%s", (_name, zone, p, expected) => {
    expect(pointInZone(p, zone)).toBe(expected);
  });
});

describe("pointInZone: circles", () => {
  // 1 m circle: a point 0.9 m away is in, 1.1 m out (1 m ≈ 8.99e-6° of latitude).
  const tiny = circle(10, 40, -3, 1);
  const huge = circle(11, 40, -3, 30_000);
  it.each([
    ["tiny: centre", tiny, ll(40, -3), true],
    ["tiny: 0.9 m", tiny, ll(40 + 0.9 / 111_195, -3), true],
    ["tiny: 1.1 m", tiny, ll(40 + 1.1 / 111_195, -3), false],
    ["huge: 29.9 km north", huge, ll(40 + 29_900 / 111_195, -3), true],
    ["huge: 30.1 km north", huge, ll(40 + 30_100 / 111_195, -3), false],
    ["across the antimeridian", circle(12, 0, 179.99, 5000), ll(0, -179.99), true],
    ["around the north pole", circle(13, 89.9, 0, 30_000), ll(89.95, 180), true],
    ["at the pole itself", circle(14, 90, 0, 10), ll(90, 123), true],
  ])("%s", (_name, zone, p, expected) => {
    expect(pointInZone(p, zone)).toBe(expected);
  });
});

describe("validatePolygon", () => {
  it.each<[string, LatLng[], string | null]>([
    ["a triangle", [ll(0, 0), ll(0, 1), ll(1, 0)], null],
    ["closed triangle", [ll(0, 0), ll(0, 1), ll(1, 0), ll(0, 0)], null],
    ["two vertices", [ll(0, 0), ll(0, 1)], "polygon.tooFewVertices"],
    ["three with a repeat", [ll(0, 0), ll(0, 1), ll(0, 1), ll(0, 0)], "polygon.tooFewVertices"],
    ["collinear (folds back on itself)", [ll(0, 0), ll(0, 1), ll(0, 2)], "polygon.selfIntersecting"],
    ["bow tie", [ll(0, 0), ll(1, 1), ll(1, 0), ll(0, 1)], "polygon.selfIntersecting"],
    [
      "vertex visited twice",
      [ll(0, 0), ll(2, 0), ll(1, 1), ll(2, 2), ll(0, 2), ll(1, 1)],
      "polygon.selfIntersecting",
    ],
    ["spike folding back", [ll(0, 0), ll(0, 2), ll(0, 1), ll(1, 1)], "polygon.selfIntersecting"],
    ["across the antimeridian", dateline.kind === "polygon" ? dateline.ring : [], null],
    ["around a pole", arctic.kind === "polygon" ? arctic.ring : [], null],
    ["latitude out of range", [ll(91, 0), ll(0, 1), ll(1, 0)], "polygon.invalidCoordinate"],
    ["NaN", [ll(Number.NaN, 0), ll(0, 1), ll(1, 0)], "polygon.invalidCoordinate"],
    ["concave but simple", cShape.kind === "polygon" ? cShape.ring : [], null],
  ])("%s", (_name, ring, expected) => {
    expect(validatePolygon(ring)).toBe(expected);
  });
});

describe("simplifyRing", () => {
  // A 1 km square with 1 m wiggles every 100 m along its edges.
  const wiggly: LatLng[] = [];
  const step = 100 / 111_195;
  for (let i = 0; i < 10; i++) wiggly.push(ll(0 + (i % 2) * 0.000009, i * step));
  for (let i = 0; i < 10; i++) wiggly.push(ll(i * step, 10 * step + (i % 2) * 0.000009));
  for (let i = 0; i < 10; i++) wiggly.push(ll(10 * step, (10 - i) * step));
  for (let i = 0; i < 10; i++) wiggly.push(ll((10 - i) * step, 0));
  const closed = [...wiggly, wiggly[0] as LatLng];

  it("drops wiggles under the tolerance and keeps the corners", () => {
    const out = simplifyRing(closed, 5);
    expect(out.length).toBeLessThanOrEqual(6);
    expect(out.length).toBeGreaterThanOrEqual(5);
    expect(validatePolygon(out)).toBeNull();
  });
  it("keeps both endpoints of a closed ring", () => {
    const out = simplifyRing(closed, 5);
    expect(out[0]).toBe(closed[0]);
    expect(out[out.length - 1]).toBe(closed[0]);
  });
  it("keeps both endpoints of an open ring", () => {
    const out = simplifyRing(wiggly, 5);
    expect(out[0]).toBe(wiggly[0]);
    expect(out[out.length - 1]).toBe(wiggly[wiggly.length - 1]);
  });
  it("keeps every wiggle over a tiny tolerance", () => {
    // The 20 wiggly vertices stay; only the exactly collinear ones on the straight edges go.
    expect(simplifyRing(closed, 0.1).length).toBeGreaterThanOrEqual(20);
  });
  it("never goes below a triangle", () => {
    expect(validatePolygon(simplifyRing(closed, 100_000))).toBeNull();
  });
  it("works across the antimeridian", () => {
    const ring = [ll(0, 179.9), ll(0.0000001, 179.95), ll(0, -179.9), ll(1, -179.9), ll(1, 179.9)];
    const out = simplifyRing(ring, 10);
    expect(out).not.toContain(ring[1]);
    expect(validatePolygon(out)).toBeNull();
  });
});

describe("ZoneIndex", () => {
  it("agrees with the plain test on a mixed set, including antimeridian and polar zones", () => {
    const zones = [
      square,
      dateline,
      arctic,
      antarctic,
      cShape,
      circle(20, 0, 179.99, 5000),
      circle(21, 5, 5, 1000),
    ];
    const index = new ZoneIndex(zones);
    const probes = [
      ll(5, 5),
      ll(0, 175),
      ll(0, -175),
      ll(0, -179.99),
      ll(89, 45),
      ll(-80, 60),
      ll(5, 6),
      ll(40, 40),
    ];
    for (const p of probes) {
      const expected = zones.filter((z) => pointInZone(p, z)).map((z) => z.id);
      expect(index.containing(p)).toEqual(expected.sort((a, b) => a - b));
    }
  });
  it("handles random zones and points like the naive loop", () => {
    let seed = 7;
    const rnd = (): number => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const zones: Zone[] = [];
    for (let i = 0; i < 500; i++) {
      const lat = 36 + rnd() * 7;
      const lng = -9 + rnd() * 12;
      if (i % 2 === 0) zones.push(circle(i, lat, lng, 50 + rnd() * 20_000));
      else zones.push(poly(i, [lat, lng], [lat, lng + 0.1], [lat + 0.1, lng + 0.05]));
    }
    const index = new ZoneIndex(zones);
    for (let k = 0; k < 500; k++) {
      const p = ll(36 + rnd() * 7, -9 + rnd() * 12);
      expect(index.containing(p)).toEqual(zones.filter((z) => pointInZone(p, z)).map((z) => z.id));
    }
  });
});

describe("ZoneIndex against the naive loop", () => {
  const where = fc.record({
    lat: fc.double({ min: -89, max: 89, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });
  const zoneArb = fc.oneof(
    fc.record({ center: where, radiusM: fc.double({ min: 1, max: 400_000, noNaN: true }) }),
    fc.record({
      center: where,
      spokes: fc.array(fc.double({ min: 0.001, max: 3, noNaN: true }), { minLength: 3, maxLength: 12 }),
    }),
  );
  type ZoneSpec = typeof zoneArb extends fc.Arbitrary<infer T> ? T : never;
  const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  const zonesOf = (specs: ZoneSpec[]): Zone[] =>
    specs.map((s, i) =>
      "radiusM" in s
        ? circle(i + 1, s.center.lat, s.center.lng, s.radiusM)
        : poly(
            i + 1,
            ...s.spokes.map((r, k): [number, number] => {
              const a = (2 * Math.PI * k) / s.spokes.length;
              return [
                Math.max(-89.9, Math.min(89.9, s.center.lat + r * Math.sin(a))),
                wrapLng(s.center.lng + r * Math.cos(a)),
              ];
            }),
          ),
    );

  it("property: the grid's candidates tested exactly give the zones of testing every zone", () => {
    fc.assert(
      fc.property(
        fc.array(zoneArb, { minLength: 1, maxLength: 40 }),
        fc.array(where, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 25, -25),
        (specs, points, marginM) => {
          const zones = zonesOf(specs);
          const index = new ZoneIndex(zones);
          // Points inside some zone too, not only random ones (most of which are inside nothing).
          const probes = [
            ...points,
            ...zones.map((z) => (z.kind === "circle" ? z.center : (z.ring[0] as LatLng))),
          ];
          for (const p of probes) {
            const naive = zones.filter((z) => pointInZoneWithMargin(p, z, marginM)).map((z) => z.id);
            expect(index.containingWithMargin(p, marginM)).toEqual(naive);
            if (marginM === 0)
              expect(index.containing(p)).toEqual(zones.filter((z) => pointInZone(p, z)).map((z) => z.id));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("ZoneTracker", () => {
  const zone = circle(1, 0, 0, 1000);
  const zones = new Map([[1, zone]]);
  const index = new ZoneIndex([zone]);
  const north = (m: number): LatLng => ll(m / 111_195, 0);

  it("needs consecutive confirmations before entering and leaving", () => {
    const t = new ZoneTracker({ marginM: 20, confirmations: 2 });
    expect(t.update("v1", north(5000), index, zones)).toEqual({ entered: [], exited: [] });
    expect(t.update("v1", north(500), index, zones)).toEqual({ entered: [], exited: [] });
    expect(t.update("v1", north(400), index, zones)).toEqual({ entered: [1], exited: [] });
    expect(t.update("v1", north(2000), index, zones)).toEqual({ entered: [], exited: [] });
    expect(t.update("v1", north(2000), index, zones)).toEqual({ entered: [], exited: [1] });
  });
  it("ignores a single GPS jump", () => {
    const t = new ZoneTracker({ marginM: 20, confirmations: 2 });
    t.update("v", north(0), index, zones);
    t.update("v", north(0), index, zones);
    expect(t.snapshot()).toEqual({ v: [1] });
    expect(t.update("v", north(3000), index, zones).exited).toEqual([]);
    expect(t.update("v", north(10), index, zones).exited).toEqual([]);
    expect(t.update("v", north(3000), index, zones).exited).toEqual([]);
  });
  it("widens the boundary for an item inside and narrows it for one outside", () => {
    const t = new ZoneTracker({ marginM: 20, confirmations: 1 });
    // 990 m is inside the circle but not by the 20 m margin: no entry yet.
    expect(t.update("v", north(990), index, zones).entered).toEqual([]);
    expect(t.update("v", north(975), index, zones).entered).toEqual([1]);
    // 1010 m is outside the circle but within the margin: still inside.
    expect(t.update("v", north(1010), index, zones).exited).toEqual([]);
    expect(t.update("v", north(1030), index, zones).exited).toEqual([1]);
  });
  it("restores a snapshot without firing entries again", () => {
    const t = new ZoneTracker({ confirmations: 1 });
    t.update("v", north(0), index, zones);
    const again = new ZoneTracker({ confirmations: 1 });
    again.restore(t.snapshot());
    expect(again.update("v", north(0), index, zones)).toEqual({ entered: [], exited: [] });
  });
  it("drops a deleted zone silently", () => {
    const t = new ZoneTracker({ confirmations: 1 });
    t.update("v", north(0), index, zones);
    expect(t.update("v", north(0), new ZoneIndex([]), new Map())).toEqual({ entered: [], exited: [] });
    expect(t.snapshot()).toEqual({});
  });
});

describe("circles decided on a plane", () => {
  it("answer what the great-circle distance answers, also just inside and just outside the boundary", () => {
    const circle = fc.record({
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
      radiusM: fc.double({ min: 1, max: 60_000, noNaN: true }),
    });
    // A point at a bearing and a share of the radius between 0.9 and 1.1: the band where a shortcut would err.
    const probe = fc.record({
      bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      share: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
      marginM: fc.constantFrom(0, 25, -25),
    });
    fc.assert(
      fc.property(circle, probe, ({ lat, lng, radiusM }, { bearing, share, marginM }) => {
        const d = (radiusM * share) / 6_371_008.8;
        const φ1 = (lat * Math.PI) / 180;
        const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
        const λ2 =
          (lng * Math.PI) / 180 +
          Math.atan2(
            Math.sin(bearing) * Math.sin(d) * Math.cos(φ1),
            Math.cos(d) - Math.sin(φ1) * Math.sin(φ2),
          );
        const p = ll((φ2 * 180) / Math.PI, (((λ2 * 180) / Math.PI + 540) % 360) - 180);
        const zone: Zone = { id: 1, kind: "circle", center: ll(lat, lng), radiusM };
        const exact = distanceM(p, zone.center) <= radiusM + marginM;
        expect(pointInZoneWithMargin(p, zone, marginM)).toBe(exact);
        expect(new ZoneIndex([zone]).containingWithMargin(p, marginM).length === 1).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });
});
