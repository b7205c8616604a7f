import { describe, expect, it } from "vitest";
import { localDayOf } from "./local-day.ts";
import {
  type DeriveConfig,
  type DerivePoint,
  derivePoint,
  emptyDeriveOutput,
  emptyDeriveState,
  MIN_STOP_MS,
} from "./segments.ts";

const cfg: DeriveConfig = { itemType: 1, itemId: 7, timeZone: "Europe/Madrid", idleMinMs: 5 * 60_000 };
const T0 = Date.UTC(2026, 0, 10, 8, 0, 0);
/** ~16.7 m per second eastwards at the equator-ish latitude of the test: 60 km/h. */
const point = (
  s: number,
  spd: number,
  ignition: boolean | null,
  x: number,
  extra: Partial<DerivePoint> = {},
) =>
  ({
    ts: T0 + s * 1000,
    lat: 40,
    lng: -3 + x * 0.0001,
    spd,
    ignition,
    odometer: x * 8.5,
    hours: s,
    fuel: null,
    driverId: null,
    event: null,
    eventValue: null,
    places: [],
    ...extra,
  }) satisfies DerivePoint;

function run(points: DerivePoint[]) {
  const state = emptyDeriveState();
  const out = emptyDeriveOutput();
  for (const p of points) derivePoint(cfg, state, p, out);
  return { state, out };
}

/** Drive `secs` seconds at 60 km/h from x, one point every 10 s. */
function drive(fromS: number, secs: number, fromX: number): DerivePoint[] {
  const pts: DerivePoint[] = [];
  for (let s = 0; s <= secs; s += 10) pts.push(point(fromS + s, 60, true, fromX + s * 2));
  return pts;
}
function park(fromS: number, secs: number, x: number, ignition: boolean): DerivePoint[] {
  const pts: DerivePoint[] = [];
  for (let s = 10; s <= secs; s += 10) pts.push(point(fromS + s, 0, ignition, x));
  return pts;
}

describe("derivePoint", () => {
  it.each([
    { name: "drive → 10 min stop → drive", parkS: 600, ignition: false, trips: 1, stops: 1, idles: 0 },
    { name: "drive → 1 min traffic halt → drive", parkS: 60, ignition: true, trips: 0, stops: 0, idles: 0 },
    {
      name: "drive → 10 min parked with engine on",
      parkS: 600,
      ignition: true,
      trips: 1,
      stops: 1,
      idles: 1,
    },
  ])("$name", ({ parkS, ignition, trips, stops, idles }) => {
    const points = [
      ...drive(0, 300, 0),
      ...park(300, parkS, 600, ignition),
      ...drive(300 + parkS + 10, 300, 600),
    ];
    const { out, state } = run(points);
    expect(out.trips).toHaveLength(trips);
    expect(out.stops).toHaveLength(stops);
    expect(out.idles).toHaveLength(idles);
    if (stops === 1) {
      const trip = out.trips[0]!;
      const stop = out.stops[0]!;
      expect(trip.startTs).toBe(T0);
      expect(trip.endTs).toBe(stop.startTs);
      expect(stop.endTs).toBe(T0 + (300 + parkS + 10) * 1000);
      expect(trip.distanceM).toBeGreaterThan(4000);
      expect(trip.maxSpd).toBe(60);
      expect(trip.avgSpd).toBeGreaterThan(40);
      expect(stop.idleMs).toBe(ignition ? parkS * 1000 : 0);
    }
    // The second (or only) trip is still open: not in the output until it ends.
    expect(state.trip).not.toBeNull();
    expect(state.day?.points).toBe(points.length);
  });

  it("a reporting gap while parked is a stop", () => {
    const points = [...drive(0, 120, 0), point(120 + 3600, 60, true, 245)];
    const { out } = run(points);
    expect(out.stops).toEqual([expect.objectContaining({ startTs: T0 + 120_000, endTs: T0 + 3_720_000 })]);
    expect(out.trips).toHaveLength(1);
  });

  it("a short hop under MIN_TRIP_M is no trip", () => {
    const points = [
      point(0, 6, true, 0),
      point(10, 6, true, 1),
      ...park(10, MIN_STOP_MS / 1000 + 60, 1, false),
    ];
    expect(run(points).out.trips).toHaveLength(0);
  });

  it("keeps driving events and visits", () => {
    const zone = [{ kind: 1 as const, id: 42 }];
    const points = [
      point(0, 60, true, 0),
      point(10, 60, true, 20, { places: zone }),
      point(20, 60, true, 40, { places: zone, event: "harshBraking", eventValue: 0.5 }),
      point(30, 60, true, 60, { event: "sos" }),
    ];
    const { out, state } = run(points);
    expect(out.drivingEvents).toEqual([
      expect.objectContaining({ kind: "harshBraking", value: 0.5, ts: T0 + 20_000 }),
    ]);
    expect(out.visits).toEqual([
      expect.objectContaining({
        placeKind: "geozone",
        placeId: 42,
        startTs: T0 + 10_000,
        endTs: T0 + 30_000,
      }),
    ]);
    expect(state.day?.drivingEvents).toBe(1);
  });

  it("closes a local day at the company's midnight", () => {
    // 22:55 UTC on 10 Jan is 23:55 in Madrid: the next points after 23:00 UTC are on 11 Jan local.
    const base = Date.UTC(2026, 0, 10, 22, 55) - T0;
    const points = drive(base / 1000, 600, 0);
    const { out, state } = run(points);
    expect(out.days).toHaveLength(1);
    expect(out.days[0]).toMatchObject({ day: "2026-01-10", dayStartTs: Date.UTC(2026, 0, 9, 23) });
    expect(state.day?.day).toBe("2026-01-11");
    expect(out.days[0]!.drivingMs + state.day!.drivingMs).toBe(600_000);
  });

  it("ignores a point older than the last", () => {
    const { out, state } = run([point(10, 60, true, 0), point(5, 60, true, 1)]);
    expect(state.day?.points).toBe(1);
    expect(out.trips).toHaveLength(0);
  });
});

describe("localDayOf", () => {
  it.each([
    { tz: "Europe/Madrid", ts: Date.UTC(2026, 2, 29, 12), day: "2026-03-29", hours: 23 },
    { tz: "Europe/Madrid", ts: Date.UTC(2026, 9, 25, 12), day: "2026-10-25", hours: 25 },
    { tz: "UTC", ts: Date.UTC(2026, 5, 1, 0), day: "2026-06-01", hours: 24 },
    { tz: "America/Mexico_City", ts: Date.UTC(2026, 5, 1, 3), day: "2026-05-31", hours: 24 },
  ])("$tz $day", ({ tz, ts, day, hours }) => {
    const local = localDayOf(ts, tz);
    expect(local.day).toBe(day);
    expect(local.endTs - local.startTs).toBe(hours * 3_600_000);
    expect(local.startTs).toBeLessThanOrEqual(ts);
    expect(local.endTs).toBeGreaterThan(ts);
  });

  it("a trip starts from where the item stood: trips after a stop add up to the day's distance", () => {
    // Parked, then a drive that leaves the first moving fix 300 m from the parking spot, a stop, a second drive.
    const points = [
      ...park(-600, 600, 0, false),
      ...drive(10, 300, 1500),
      ...park(310, 600, 2100, false),
      ...drive(920, 300, 2400),
      ...park(1230, 600, 3000, false),
    ];
    const { out, state } = run(points);
    expect(out.trips).toHaveLength(2);
    expect(out.trips[0]).toMatchObject({ startTs: T0 + 10_000, startLng: -3, odometerStart: 0 });
    const tripsM = out.trips.reduce((sum, t) => sum + t.distanceM, 0);
    // Each trip rounds to the metre and the day to the decimetre at every point; the legs are kilometres long.
    expect(tripsM).toBeGreaterThan(10_000);
    expect(Math.abs(tripsM - state.day!.distanceM)).toBeLessThan(5);
  });
});
