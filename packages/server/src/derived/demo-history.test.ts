import type { DerivedDay, DerivedTrip } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { seededRandom, vehicleDay } from "../demo/history-plan.ts";
import { applyPosition, type EngineItem, newEngineItem } from "../live/index.ts";
import { dayFigures, tripFigures } from "./figures.ts";
import { localDayOf } from "./local-day.ts";
import { deriveFrame } from "./points.ts";
import {
  DEFAULT_IDLE_MIN_MS,
  type DeriveConfig,
  dayRow,
  emptyDeriveOutput,
  emptyDeriveState,
  MAX_STEP_MS,
} from "./segments.ts";

/**
 * The demo platform's own history (the generator the demo fills its database with at first start), through the
 * same live engine and derivation as `vigia rebuild-derived`, read back with the figures' definitions: the demo
 * must never show an impossible figure.
 */
const DAY = 86_400_000;
const CASES = [
  { timeZone: "Europe/Madrid", centre: { lat: 40.4168, lng: -3.7038 }, from: Date.UTC(2026, 9, 19), seed: 7 },
  {
    timeZone: "America/Mexico_City",
    centre: { lat: 19.43, lng: -99.13 },
    from: Date.UTC(2026, 2, 2),
    seed: 11,
  },
  { timeZone: "Europe/Istanbul", centre: { lat: 41.01, lng: 28.97 }, from: Date.UTC(2026, 5, 1), seed: 13 },
];

function demoVehicle(c: (typeof CASES)[number], days: number) {
  const cfg: DeriveConfig = {
    itemType: 1,
    itemId: c.seed,
    timeZone: c.timeZone,
    idleMinMs: DEFAULT_IDLE_MIN_MS,
  };
  const random = seededRandom(c.seed * 7919);
  const at = { lat: c.centre.lat + (random() - 0.5) * 0.05, lng: c.centre.lng + (random() - 0.5) * 0.05 };
  let engine: EngineItem = newEngineItem({ itemType: 1, id: c.seed, groupId: null });
  const state = emptyDeriveState();
  const out = emptyDeriveOutput();
  const odometerAt = new Map<number, number>();
  const odometers: number[] = [];
  let dayStart = localDayOf(c.from, c.timeZone).startTs;
  for (let n = 0; n < days; n++) {
    const local = localDayOf(dayStart + 12 * 3_600_000, c.timeZone);
    const weekday = new Date(`${local.day}T12:00:00Z`).getUTCDay();
    for (const f of vehicleDay(local.startTs, weekday, c.centre, at, random)) {
      const position = { ...f, alt: 650, satt: 9, valid: true, src: 1 as const };
      const applied = applyPosition(
        engine,
        { ...position, receivedTs: f.ts },
        { odometerSource: 3, initialMileageKm: 0 },
      );
      engine = applied.item;
      deriveFrame(
        cfg,
        state,
        { position, after: engine.state, effects: applied.effects },
        { places: null, beacons: null },
        out,
      );
      odometerAt.set(f.ts, engine.state.odometer);
      odometers.push(engine.state.odometer);
    }
    dayStart = local.endTs;
  }
  const days_: DerivedDay[] = state.day ? [...out.days, dayRow(cfg, state.day)] : out.days;
  const trips: DerivedTrip[] = out.trips.map(tripFigures);
  // The history's last trip is still open (its parking has no later fix to confirm it): what it covered so far.
  const openM = state.trip ? engine.state.odometer - state.trip.odometerStart : 0;
  return { trips, openM, days: days_.map((d) => dayFigures(d, MAX_STEP_MS)), odometerAt, odometers };
}

describe("the demo's own history", () => {
  it.each(CASES)("$timeZone: trips and days agree, averages under maxima, days within their length", (c) => {
    const { trips, openM, days, odometerAt, odometers } = demoVehicle(c, 21);
    expect(trips.length).toBeGreaterThan(30);
    const tripsM = trips.reduce((s, t) => s + t.distanceM, openM);
    const daysM = days.reduce((s, d) => s + d.distanceM, 0);
    const travelled = odometers.at(-1)! - odometers[0]!;
    expect(Math.abs(daysM - travelled)).toBeLessThanOrEqual(travelled * 0.01);
    // Trips count from their first moving fix (segmentation): they may fall short of the days by the legs from
    // where the vehicle was parked to that fix, never exceed the days.
    const sorted = [...odometerAt.entries()].sort(([a], [b]) => a - b);
    const before = new Map(sorted.map(([ts], i) => [ts, i > 0 ? sorted[i - 1]![1] : sorted[0]![1]]));
    const legsM = trips.reduce(
      (s, t) => s + (odometerAt.get(t.startTs) ?? 0) - (before.get(t.startTs) ?? 0),
      0,
    );
    expect(tripsM).toBeLessThanOrEqual(daysM * 1.01);
    expect(tripsM).toBeGreaterThanOrEqual((daysM - legsM) * 0.99);
    for (const t of trips) {
      expect(t.avgSpd).toBeLessThanOrEqual(t.maxSpd);
      expect(t.distanceM).toBeLessThanOrEqual(((t.endTs - t.startTs) / 3_600_000) * t.maxSpd * 1000 + 1);
    }
    for (const d of days) {
      expect(d.avgSpd).toBeLessThanOrEqual(d.maxSpd);
      const local = localDayOf(d.dayStartTs, c.timeZone);
      expect(d.drivingMs + d.idleMs + d.stoppedMs).toBeLessThanOrEqual(local.endTs - local.startTs);
      expect(d.lastTs - d.dayStartTs).toBeLessThan(DAY + 3_600_000);
    }
  });
});
