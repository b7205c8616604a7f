import { describe, expect, it } from "vitest";
import { endedParkedDay } from "./day-end.ts";
import { localDayOf } from "./local-day.ts";
import {
  type DeriveConfig,
  type DerivePoint,
  derivePoint,
  emptyDeriveOutput,
  emptyDeriveState,
} from "./segments.ts";

const cfg: DeriveConfig = { itemType: 1, itemId: 7, timeZone: "Europe/Madrid", idleMinMs: 5 * 60_000 };
/** 10:00 in Madrid. */
const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);
const dayEnd = localDayOf(T0, cfg.timeZone).endTs;

const point = (s: number, spd: number, x: number): DerivePoint => ({
  ts: T0 + s * 1000,
  lat: 40,
  lng: -3 + x * 0.0001,
  spd,
  ignition: spd > 0,
  odometer: x * 8.5,
  hours: 0,
  fuel: null,
  driverId: null,
  event: null,
  eventValue: null,
  places: [],
});

/** Drives 10 minutes, then stands `parkedS` seconds with a fix every 10 s, and is silent after. */
function parkedAfterDrive(parkedS: number) {
  const state = emptyDeriveState();
  const out = emptyDeriveOutput();
  for (let s = 0; s <= 600; s += 10) derivePoint(cfg, state, point(s, 60, s * 2), out);
  for (let s = 610; s <= 600 + parkedS; s += 10) derivePoint(cfg, state, point(s, 0, 1200), out);
  return { state, out };
}

describe("endedParkedDay", () => {
  it.each([
    { name: "parked 1 min and silent (halt not confirmed yet)", parkedS: 60, trips: 1 },
    { name: "parked 10 min and silent", parkedS: 600, trips: 0 },
  ])("a day that ended parked: $name → the stop up to the day's end", ({ parkedS, trips }) => {
    const { state, out } = parkedAfterDrive(parkedS);
    const before = JSON.stringify(state);
    const ended = emptyDeriveOutput();
    expect(endedParkedDay(cfg, state, dayEnd, ended)).toBe(true);
    expect(ended.stops).toEqual([expect.objectContaining({ startTs: T0 + 610_000, endTs: dayEnd })]);
    // The trip before the stop is written once: here when the halt was not confirmed yet, else it already was.
    expect(ended.trips).toHaveLength(trips);
    expect(out.trips.length + ended.trips.length).toBe(1);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("writes nothing while the day lasts, nor for an item that is moving", () => {
    expect(endedParkedDay(cfg, parkedAfterDrive(600).state, dayEnd - 1, emptyDeriveOutput())).toBe(false);
    const moving = emptyDeriveState();
    for (let s = 0; s <= 600; s += 10) derivePoint(cfg, moving, point(s, 60, s * 2), emptyDeriveOutput());
    expect(endedParkedDay(cfg, moving, dayEnd, emptyDeriveOutput())).toBe(false);
  });

  it("the next day's first fix while still parked writes the same stop up to the day's end; moving replaces it", () => {
    const { state } = parkedAfterDrive(600);
    const out = emptyDeriveOutput();
    derivePoint(cfg, state, { ...point(0, 0, 1200), ts: dayEnd + 3_600_000 }, out);
    expect(out.stops).toEqual([expect.objectContaining({ startTs: T0 + 610_000, endTs: dayEnd })]);
    derivePoint(cfg, state, { ...point(0, 40, 1300), ts: dayEnd + 3_610_000 }, out);
    expect(out.stops[1]).toMatchObject({ startTs: T0 + 610_000, endTs: dayEnd + 3_610_000 });
  });
});
