import type { DerivedDay, DerivedTrip } from "@vigia/domain";
import { distanceM } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  averageSpeedKmh,
  COUNTER_STALE_M,
  counterDistanceM,
  dayFigures,
  dayInPeriod,
  tripFigures,
} from "./figures.ts";
import { localDayOf } from "./local-day.ts";
import {
  type DeriveConfig,
  type DerivePoint,
  dayRow,
  derivePoint,
  emptyDeriveOutput,
  emptyDeriveState,
  MAX_STEP_MS,
} from "./segments.ts";

const HOUR = 3_600_000;

describe("counterDistanceM", () => {
  it.each([
    { name: "the counter's advance", start: 1000, end: 11_000, fixes: 10_400, span: HOUR, want: 10_000 },
    { name: "a counter running backwards", start: 5000, end: 4000, fixes: 800, span: HOUR, want: 800 },
    {
      name: "a source change (206,000 km in a day)",
      start: 12e6,
      end: 218e6,
      fixes: 48_000,
      span: 24 * HOUR,
      want: 48_000,
    },
    {
      name: "a counter not reported while moving",
      start: 7000,
      end: 7000,
      fixes: 9000,
      span: HOUR,
      want: 9000,
    },
    {
      name: "a coarse counter within the stale margin",
      start: 0,
      end: 0,
      fixes: COUNTER_STALE_M - 1,
      span: HOUR,
      want: 0,
    },
    {
      name: "a GPS jump the counter ignored",
      start: 0,
      end: 10_150,
      fixes: 22_900,
      span: 14 * 60_000,
      want: 10_150,
    },
  ])("$name", ({ start, end, fixes, span, want }) => {
    expect(counterDistanceM(start, end, fixes, span)).toBe(want);
  });
});

describe("averageSpeedKmh", () => {
  it.each([
    { name: "distance over driving time", d: 10_000, driving: 600_000, span: 700_000, max: 90, want: 60 },
    {
      name: "silent while moving: over the span",
      d: 22_900,
      driving: 600_000,
      span: 1_800_000,
      max: 120,
      want: 45.8,
    },
    { name: "never above the maximum", d: 22_900, driving: 600_000, span: 840_000, max: 81, want: 81 },
    { name: "no distance", d: 0, driving: 600_000, span: 600_000, max: 50, want: 0 },
    { name: "no driving time", d: 500, driving: 0, span: 0, max: 50, want: 0 },
  ])("$name", ({ d, driving, span, max, want }) => {
    expect(averageSpeedKmh(d, driving, span, max)).toBe(want);
  });

  it("never exceeds the maximum", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 0, max: 1e8 }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        (d, driving, span, max) => {
          const avg = averageSpeedKmh(d, driving, span, max);
          expect(avg).toBeGreaterThanOrEqual(0);
          expect(avg).toBeLessThanOrEqual(Math.round(max * 10) / 10 + 0.05);
        },
      ),
    );
  });
});

describe("dayInPeriod", () => {
  const day = { dayStartTs: 1000, lastTs: 5000 };
  it.each([
    { name: "starts inside", from: 500, to: 2000, want: true },
    { name: "partial first day with positions after the start", from: 3000, to: 9000, want: true },
    { name: "first day whose positions all precede the start", from: 6000, to: 9000, want: false },
    { name: "starts at the end", from: 0, to: 1000, want: false },
  ])("$name", ({ from, to, want }) => {
    expect(dayInPeriod(day, from, to)).toBe(want);
  });
});

// ---- Generated fleets through the derivation, read back with the figures' definitions ----

type Kind = "dense" | "sparse" | "jumpy" | "gapped";
const ZONES = ["Europe/Madrid", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
/** Local days with a DST change in some of the zones above, and ordinary ones. */
const STARTS = [
  Date.UTC(2026, 2, 28, 20),
  Date.UTC(2026, 2, 7, 22),
  Date.UTC(2026, 9, 24, 21),
  Date.UTC(2026, 3, 4, 12),
  Date.UTC(2026, 10, 1, 3),
];

interface Leg {
  driveS: number;
  kmh: number;
  heading: number;
  parkS: number;
  ignitionOn: boolean;
}

const legArb = fc.record({
  driveS: fc.integer({ min: 300, max: 5400 }),
  kmh: fc.integer({ min: 20, max: 120 }),
  heading: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
  parkS: fc.integer({ min: 400, max: 60 * 3600 }),
  ignitionOn: fc.boolean(),
});

/** A vehicle's positions: legs of driving (speeding up from rest) and parking, as the device reported them. */
function history(kind: Kind, legs: Leg[], start: number): DerivePoint[] {
  const everyS = kind === "sparse" ? 60 : 10;
  const pts: DerivePoint[] = [];
  let ts = start;
  let lat = 40;
  let lng = -3;
  let odometer = 5_000_000;
  let n = 0;
  const push = (spd: number, ignition: boolean, jump = false) => {
    const at = jump ? { lat: lat + 0.2, lng } : { lat, lng };
    pts.push({
      ts,
      ...at,
      spd,
      ignition,
      odometer,
      hours: 0,
      fuel: null,
      driverId: null,
      event: null,
      eventValue: null,
      places: [],
    });
  };
  for (const leg of legs) {
    for (let s = 0; s < leg.driveS; s += everyS) {
      // Rest to cruising speed over the first 30 s, as a vehicle pulls away.
      const kmh = Math.max(1, Math.min(leg.kmh, (leg.kmh * (s + everyS)) / 30));
      const stepM = (kmh / 3.6) * everyS;
      const before = { lat, lng };
      lat += (Math.cos(leg.heading) * stepM) / 111_320;
      lng += (Math.sin(leg.heading) * stepM) / (111_320 * Math.cos((lat * Math.PI) / 180));
      odometer += distanceM(before, { lat, lng });
      ts += everyS * 1000;
      n += 1;
      push(kmh, true, kind === "jumpy" && n % 37 === 0);
    }
    const parkEvery = kind === "gapped" ? leg.parkS : Math.min(leg.parkS, kind === "sparse" ? 600 : 120);
    for (let s = parkEvery; s <= leg.parkS; s += parkEvery) {
      ts += parkEvery * 1000;
      push(0, leg.ignitionOn);
    }
  }
  return pts;
}

function derive(cfg: DeriveConfig, pts: DerivePoint[]): { trips: DerivedTrip[]; days: DerivedDay[] } {
  const state = emptyDeriveState();
  const out = emptyDeriveOutput();
  for (const p of pts) derivePoint(cfg, state, p, out);
  const days = state.day ? [...out.days, dayRow(cfg, state.day)] : out.days;
  return { trips: out.trips.map(tripFigures), days: days.map((d) => dayFigures(d, MAX_STEP_MS)) };
}

const sum = <T>(xs: readonly T[], f: (x: T) => number): number => xs.reduce((s, x) => s + f(x), 0);

describe("figures of generated fleets", () => {
  it("trips and days agree on distance, averages stay under maxima, day durations fit their days", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Kind>("dense", "sparse", "jumpy", "gapped"),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...STARTS),
        fc.array(legArb, { minLength: 1, maxLength: 8 }),
        (kind, timeZone, start, legs) => {
          const cfg: DeriveConfig = { itemType: 1, itemId: 1, timeZone, idleMinMs: 120_000 };
          const pts = history(kind, legs, start);
          const { trips, days } = derive(cfg, pts);
          const first = pts[0]!;
          const last = pts.at(-1)!;
          const travelled = last.odometer - first.odometer;
          const tripsM = sum(trips, (t) => t.distanceM);
          const daysM = sum(days, (d) => d.distanceM);
          // A trip counts from its first moving fix: the leg from where the item stood to that fix is the day's,
          // not the trip's (segmentation decides that), so trips may fall short of the days by those legs, never
          // exceed them.
          const index = new Map(pts.map((p, i) => [p.ts, i]));
          const legsM = sum(trips, (t) => {
            const i = index.get(t.startTs) ?? 0;
            return i > 0 ? pts[i]!.odometer - pts[i - 1]!.odometer : 0;
          });
          // Every leg ends parked long enough for its trip to close.
          expect(Math.abs(daysM - travelled)).toBeLessThanOrEqual(travelled * 0.01 + 1);
          expect(tripsM).toBeLessThanOrEqual(daysM * 1.01 + 1);
          expect(tripsM).toBeGreaterThanOrEqual((daysM - legsM) * 0.99 - 1);
          for (const t of trips) expect(t.avgSpd).toBeLessThanOrEqual(t.maxSpd);
          for (const d of days) {
            expect(d.avgSpd).toBeLessThanOrEqual(d.maxSpd);
            const local = localDayOf(d.dayStartTs, timeZone);
            expect(d.drivingMs + d.idleMs + d.stoppedMs).toBeLessThanOrEqual(local.endTs - local.startTs);
          }
          // Every local day with a position has its row, the first and the last partial days included.
          const withPositions = new Set<string>();
          let current = localDayOf(first.ts, timeZone);
          for (const p of pts) {
            if (p.ts >= current.endTs) current = localDayOf(p.ts, timeZone);
            withPositions.add(current.day);
          }
          expect(new Set(days.map((d) => d.day))).toEqual(withPositions);
        },
      ),
      { numRuns: 60 },
    );
  });
});
