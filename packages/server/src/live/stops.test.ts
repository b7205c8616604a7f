import { describe, expect, it } from "vitest";
import { detectStops, type RoutePoint } from "./stops.ts";

const T0 = Date.UTC(2026, 0, 15, 8, 0);
const at = (min: number, spd: number, ignition: boolean | null = null, lat = 40.4): RoutePoint => ({
  ts: T0 + min * 60_000,
  lat,
  lng: -3.7,
  spd,
  ignition,
});
const M = (min: number) => T0 + min * 60_000;

describe("detectStops", () => {
  it("finds a stop between two drives", () => {
    const stops = detectStops([at(0, 40), at(1, 0, false), at(5, 0, false), at(10, 30)]);
    expect(stops).toEqual([{ startTs: M(1), endTs: M(10), lat: 40.4, lng: -3.7, idle: false }]);
  });
  it("ignores a traffic-light halt shorter than three minutes", () => {
    expect(detectStops([at(0, 40), at(1, 0), at(2, 0), at(3, 30)])).toEqual([]);
  });
  it("marks a stop with the engine running as idle", () => {
    expect(detectStops([at(0, 40), at(1, 0, true), at(9, 0, true), at(10, 20)])[0]?.idle).toBe(true);
  });
  it("leaves a stop open at the end of the route", () => {
    const stops = detectStops([at(0, 40), at(1, 0), at(20, 0)]);
    expect(stops[0]?.endTs).toBeNull();
  });
  it("counts a reporting gap without movement as a stop", () => {
    expect(detectStops([at(0, 40), at(30, 40)])).toHaveLength(1);
    expect(detectStops([at(0, 40), at(30, 40, null, 40.5)])).toHaveLength(0);
  });
  it("finds nothing on an empty route", () => expect(detectStops([])).toEqual([]));

  // Defect 6: "0 stops" for a day with stops.
  it("parked with ignition off is a stop even while the GPS drifts above 5 km/h (as live state says)", () => {
    const route = [at(0, 40, true), at(1, 7, false), at(3, 9, false), at(6, 6, false), at(9, 30, true)];
    expect(detectStops(route)).toEqual([{ startTs: M(1), endTs: M(9), lat: 40.4, lng: -3.7, idle: false }]);
  });
  it("a device that sleeps while parked: the gap between arrival and departure, 150 m apart, is a stop", () => {
    const stops = detectStops([at(0, 40), at(1, 25), at(45, 20, null, 40.4013), at(46, 40, null, 40.41)]);
    expect(stops).toEqual([{ startTs: M(1), endTs: M(45), lat: 40.4, lng: -3.7, idle: false }]);
  });
  it("a stop that begins with a reporting gap starts when the device fell silent", () => {
    const route = [at(0, 30), at(40, 0, false, 40.4008), at(41, 0, false, 40.4008), at(42, 30, true)];
    expect(detectStops(route)).toEqual([{ startTs: M(0), endTs: M(42), lat: 40.4, lng: -3.7, idle: false }]);
  });
  it("a person walks at 3 km/h: walking is not a stop, standing is", () => {
    const walk = [at(0, 3), at(2, 3), at(4, 3), at(6, 3), at(8, 3)];
    expect(detectStops(walk, { itemType: 3 })).toEqual([]);
    expect(detectStops(walk, { itemType: 1 })).toHaveLength(1);
  });
});
