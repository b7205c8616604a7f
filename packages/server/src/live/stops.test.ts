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

describe("detectStops", () => {
  it("finds a stop between two drives", () => {
    const stops = detectStops([at(0, 40), at(1, 0, false), at(5, 0, false), at(10, 30)]);
    expect(stops).toEqual([
      { startTs: T0 + 60_000, endTs: T0 + 10 * 60_000, lat: 40.4, lng: -3.7, idle: false },
    ]);
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
});
