import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { M_PER_DEG, mPerDegLng } from "./cells.ts";
import {
  type AddressPoint,
  interpolateNumber,
  matchStreet,
  projectOnPiece,
  type StreetPiece,
} from "./street-match.ts";

const LAT = 40.4;
const LNG = -3.7;
/** A point `east` and `north` metres from the origin. */
const at = (east: number, north: number) => ({
  lat: LAT + north / M_PER_DEG,
  lng: LNG + east / mPerDegLng(LAT),
});
/** A piece running east from (x0, y) to (x1, y), in metres from the origin. */
function piece(
  name: string,
  x0: number,
  x1: number,
  y: number,
  extra: Partial<StreetPiece> = {},
): StreetPiece {
  const a = at(x0, y);
  const b = at(x1, y);
  return {
    name,
    lat1: a.lat,
    lng1: a.lng,
    lat2: b.lat,
    lng2: b.lng,
    leftFrom: null,
    leftTo: null,
    rightFrom: null,
    rightTo: null,
    demo: false,
    ...extra,
  };
}
const house = (street: string, housenumber: string, east: number, north: number): AddressPoint => ({
  ...at(east, north),
  street,
  housenumber,
  postcode: "28014",
  city: "Madrid",
});

describe("projectOnPiece", () => {
  it("measures the distance to the piece and which side the point is on", () => {
    const p = piece("Calle A", 0, 100, 0);
    const north = projectOnPiece(at(50, 10).lat, at(50, 10).lng, p);
    expect(north.distanceM).toBeCloseTo(10, 1);
    expect(north.t).toBeCloseTo(0.5, 2);
    expect(north.side).toBeGreaterThan(0);
    const south = projectOnPiece(at(50, -10).lat, at(50, -10).lng, p);
    expect(south.side).toBeLessThan(0);
    // Past the end: the distance to the end point.
    expect(projectOnPiece(at(130, 40).lat, at(130, 40).lng, p).distanceM).toBeCloseTo(50, 0);
  });
});

describe("interpolateNumber", () => {
  it.each([
    [1, 21, 0.5, 11],
    [2, 20, 0.5, 12],
    [2, 20, 0.47, 10],
    [21, 1, 0, 21],
    [1, 21, 1, 21],
    [null, 21, 0.5, null],
  ])("%s..%s at %s is %s", (from, to, t, expected) => {
    expect(interpolateNumber(from, to, t)).toBe(expected);
  });

  it("keeps the parity of the range and stays inside it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 999 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, span, t) => {
          const to = from + 2 * span;
          const n = interpolateNumber(from, to, t)!;
          expect(n % 2).toBe(from % 2);
          expect(n).toBeGreaterThanOrEqual(from);
          expect(n).toBeLessThanOrEqual(to);
        },
      ),
    );
  });
});

describe("matchStreet", () => {
  const alcala = piece("Calle de Alcalá", 0, 100, 0);
  const goya = piece("Calle de Goya", 0, 100, 60);

  it("takes the nearest street and the house number of its nearest address point", () => {
    const here = at(40, 5);
    const match = matchStreet(
      here.lat,
      here.lng,
      [alcala, goya],
      [house("Calle de Alcalá", "42", 45, 12), house("Calle de Goya", "7", 40, 20)],
    );
    expect(match).toMatchObject({
      street: "Calle de Alcalá",
      housenumber: "42",
      postcode: "28014",
      city: "Madrid",
    });
  });

  it("ignores a nearer address point of another street (a corner building)", () => {
    const here = at(40, 8);
    const match = matchStreet(here.lat, here.lng, [alcala, goya], [house("Calle de Goya", "1", 40, 14)]);
    expect(match).toMatchObject({ street: "Calle de Alcalá", housenumber: null, postcode: null });
  });

  it("interpolates the number from the side of the street the point is on", () => {
    const ranged = piece("Calle de Alcalá", 0, 100, 0, {
      leftFrom: 1,
      leftTo: 21,
      rightFrom: 2,
      rightTo: 22,
    });
    const left = at(50, 6);
    const right = at(50, -6);
    expect(matchStreet(left.lat, left.lng, [ranged], [])?.housenumber).toBe("11");
    expect(matchStreet(right.lat, right.lng, [ranged], [])?.housenumber).toBe("12");
  });

  it("prefers a real street over a demo one, however near the demo one is", () => {
    const demo = piece("Calle del Olmo", 0, 100, 0, { demo: true });
    const real = piece("Calle Mayor", 0, 100, 50);
    const here = at(50, 2);
    expect(matchStreet(here.lat, here.lng, [demo, real], [])?.street).toBe("Calle Mayor");
  });

  it("skips unnamed roads and answers the nearest address point without a street near", () => {
    const here = at(50, 300);
    const yard = house("Polígono Industrial", "3", 55, 320);
    expect(matchStreet(here.lat, here.lng, [piece("", 0, 100, 290)], [yard])).toMatchObject({
      street: "Polígono Industrial",
      housenumber: "3",
    });
  });

  it("answers null far from every street and address point", () => {
    const here = at(50, 500);
    expect(matchStreet(here.lat, here.lng, [alcala], [house("Calle de Alcalá", "1", 0, 0)])).toBeNull();
  });
});
