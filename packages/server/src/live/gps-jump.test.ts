import { describe, expect, it } from "vitest";
import { gpsStep, type RouteFix, withoutJumps } from "./gps-jump.ts";

const T0 = Date.UTC(2026, 0, 15, 8, 0);
// About 111 m per 0.001° of latitude.
const at = (s: number, lat: number, src = 1): RouteFix => ({ ts: T0 + s * 1000, lat, lng: -3.7, src });

describe("gpsStep", () => {
  it.each([
    ["no previous fix", null, at(10, 40.5), false],
    ["normal driving, 111 m in 10 s (40 km/h)", at(0, 40.4), at(10, 40.401), false],
    ["9.6 km in 30 s", at(0, 40.4), at(30, 40.4865), true],
    ["short hop under 500 m even if fast", at(0, 40.4), at(1, 40.404), false],
    ["far, but after a long silence (device was off)", at(0, 40.4), at(3600, 40.5), false],
    ["far within ten minutes at 400 km/h", at(0, 40.4), at(300, 40.7), true],
  ] as const)("%s", (_name, last, next, jump) => {
    expect(gpsStep(last, next).jump).toBe(jump);
  });
  it("measures the step", () => expect(gpsStep(at(0, 40.4), at(10, 40.401)).stepM).toBeCloseTo(111, -1));
});

describe("withoutJumps", () => {
  it("drops a 9.6 km spike and keeps the track after it", () => {
    const route = [at(0, 40.4), at(30, 40.401), at(60, 40.4865), at(90, 40.402), at(120, 40.403)];
    expect(withoutJumps(route).map((p) => p.ts)).toEqual([0, 30, 90, 120].map((s) => T0 + s * 1000));
  });
  it("compares with the last accepted fix, so two spikes in a row both go", () => {
    const route = [at(0, 40.4), at(10, 40.49), at(20, 40.491), at(30, 40.401)];
    expect(withoutJumps(route)).toHaveLength(2);
  });
  it("never drops cell or Wi-Fi positions, nor uses them as reference", () => {
    const route = [at(0, 40.4), at(10, 40.49, 2), at(20, 40.401)];
    expect(withoutJumps(route)).toHaveLength(3);
  });
});
