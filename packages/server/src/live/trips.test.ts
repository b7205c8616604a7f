import { describe, expect, it } from "vitest";
import type { RoutePoint } from "./stops.ts";
import { detectStops } from "./stops.ts";
import { detectTrips } from "./trips.ts";

const T0 = Date.UTC(2026, 0, 15, 8, 0);
// 0.001° of latitude is about 111 m.
const at = (min: number, spd: number, lat: number, ignition: boolean | null = null): RoutePoint => ({
  ts: T0 + min * 60_000,
  lat,
  lng: -3.7,
  spd,
  ignition,
});
const M = (min: number) => T0 + min * 60_000;

describe("detectTrips", () => {
  it("finds nothing on an empty route", () => expect(detectTrips([], [])).toEqual([]));
  it("a route without stops is one trip", () => {
    const trips = detectTrips([at(0, 30, 40.4), at(1, 40, 40.405), at(2, 50, 40.41)], []);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ startTs: M(0), endTs: M(2), maxSpd: 50 });
    expect(trips[0]!.distanceM).toBeCloseTo(1112, -1);
  });
  it("splits at stops: drive, stop, drive", () => {
    const route = [
      at(0, 40, 40.4),
      at(2, 40, 40.41),
      at(3, 0, 40.411, false),
      at(10, 0, 40.411, false),
      at(11, 30, 40.412),
      at(13, 30, 40.42),
    ];
    const stops = detectStops(route);
    expect(stops).toHaveLength(1);
    const trips = detectTrips(route, stops);
    expect(trips.map((t) => [t.startTs, t.endTs])).toEqual([
      [M(0), M(3)],
      [M(11), M(13)],
    ]);
  });
  it("a stop open at the end leaves only the drive before it", () => {
    const route = [at(0, 40, 40.4), at(2, 40, 40.41), at(3, 0, 40.411), at(30, 0, 40.411)];
    expect(detectTrips(route, detectStops(route))).toHaveLength(1);
  });
  it("drift of a few metres between two stops is no trip", () => {
    const route = [at(0, 0, 40.4), at(5, 0, 40.4), at(6, 6, 40.4001), at(7, 0, 40.4001), at(12, 0, 40.4001)];
    expect(detectTrips(route, detectStops(route))).toEqual([]);
  });
});
