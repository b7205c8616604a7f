import type { PlaybackPoint, Stop, Trip } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import {
  advanceCursor,
  checkRange,
  cursorPoint,
  defaultRange,
  indexAt,
  phaseAt,
  spanPercent,
} from "./playback-time.ts";

const T0 = Date.UTC(2026, 0, 15, 8, 0);
const p = (s: number, lat: number, spd = 30): PlaybackPoint => ({
  ts: T0 + s * 1000,
  lat,
  lng: -3.7,
  alt: 0,
  spd,
  course: 0,
  src: 1,
  ignition: true,
});

describe("advanceCursor", () => {
  it.each([
    ["1× plays a minute per second", 1000, 1, 60_000, false],
    ["64× plays an hour and four minutes per second", 1000, 64, 3_840_000, false],
    ["half a second at 2×", 500, 2, 60_000, false],
    ["a negative frame time does not go back", -50, 8, 0, false],
  ])("%s", (_name, wall, speed, moved, ended) => {
    expect(advanceCursor(T0, wall, speed, T0 + 86_400_000)).toEqual({ cursor: T0 + moved, ended });
  });
  it("stops at the end of the range", () => {
    expect(advanceCursor(T0, 10_000, 64, T0 + 1000)).toEqual({ cursor: T0 + 1000, ended: true });
  });
});

describe("indexAt and cursorPoint", () => {
  const route = [p(0, 40.4), p(10, 40.41), p(20, 40.42)];
  it.each([
    [-5, -1],
    [0, 0],
    [9, 0],
    [10, 1],
    [25, 2],
  ])("at %s s the last point is #%s", (s, i) => expect(indexAt(route, T0 + s * 1000)).toBe(i));
  it("interpolates between points", () => {
    expect(cursorPoint(route, T0 + 5000)?.lat).toBeCloseTo(40.405, 6);
    expect(cursorPoint(route, T0 + 5000)?.ts).toBe(T0);
  });
  it("holds the first point before the route and the last after it", () => {
    expect(cursorPoint(route, T0 - 1)?.lat).toBe(40.4);
    expect(cursorPoint(route, T0 + 99_000)?.lat).toBe(40.42);
    expect(cursorPoint([], T0)).toBeNull();
  });
});

describe("phaseAt", () => {
  const trip: Trip = {
    startTs: T0,
    endTs: T0 + 600_000,
    distanceM: 5000,
    maxSpd: 60,
    startLat: 0,
    startLng: 0,
    endLat: 0,
    endLng: 0,
  };
  const stop: Stop = { startTs: T0 + 600_000, endTs: null, lat: 0, lng: 0, idle: false };
  it.each([
    [T0 + 1000, "trip"],
    [T0 + 700_000, "stop"],
    [T0 - 1000, "none"],
  ])("at %s → %s", (ts, kind) => expect(phaseAt([trip], [stop], ts, T0 + 3_600_000).kind).toBe(kind));
});

describe("ranges", () => {
  it.each([
    [T0, T0 + 1, "ok"],
    [T0, T0, "invalid"],
    [T0, Number.NaN, "invalid"],
    [T0, T0 + 31 * 86_400_000, "ok"],
    [T0, T0 + 32 * 86_400_000, "tooLong"],
  ])("%s → %s: %s", (from, to, result) => expect(checkRange(from, to)).toBe(result));
  it("defaults to today since midnight in the zone", () => {
    expect(defaultRange(T0, "Europe/Madrid")).toEqual({ from: Date.UTC(2026, 0, 14, 23, 0), to: T0 });
  });
  it("places spans on the timeline, clipped to the range", () => {
    expect(spanPercent(T0 + 25, T0 + 50, T0, T0 + 100)).toEqual({ left: 25, width: 25 });
    expect(spanPercent(T0 - 50, T0 + 200, T0, T0 + 100)).toEqual({ left: 0, width: 100 });
  });
});
