import { describe, expect, it } from "vitest";
import { localDayOf } from "../derived/local-day.ts";
import { derivePoint, emptyDeriveOutput, emptyDeriveState } from "../derived/segments.ts";
import { seededRandom, vehicleDay } from "./history-plan.ts";

const centre = { lat: 40.4168, lng: -3.7038 };
const day = localDayOf(Date.UTC(2026, 0, 14, 12), "Europe/Madrid");

describe("vehicleDay", () => {
  it.each([
    { weekday: 0, min: 0, max: 0 },
    { weekday: 6, min: 1, max: 2 },
    { weekday: 3, min: 3, max: 5 },
  ])("weekday $weekday has $min-$max trips", ({ weekday, min, max }) => {
    const fixes = vehicleDay(day.startTs, weekday, centre, { ...centre }, seededRandom(7));
    const state = emptyDeriveState();
    const out = emptyDeriveOutput();
    const cfg = { itemType: 1 as const, itemId: 1, timeZone: "Europe/Madrid", idleMinMs: 120_000 };
    for (const f of fixes)
      derivePoint(
        cfg,
        state,
        {
          ...f,
          ignition: f.attributes.ignition === true,
          odometer: 0,
          hours: 0,
          fuel: null,
          driverId: null,
          event: null,
          eventValue: null,
          places: [],
        },
        out,
      );
    const trips = out.trips.length + (state.trip ? 1 : 0);
    expect(trips).toBeGreaterThanOrEqual(min);
    expect(trips).toBeLessThanOrEqual(max);
    expect(fixes.every((f) => Number.isInteger(f.ts) && f.ts >= day.startTs && f.ts < day.endTs)).toBe(true);
  });

  it("is the same for the same seed", () => {
    const a = vehicleDay(day.startTs, 2, centre, { ...centre }, seededRandom(3));
    const b = vehicleDay(day.startTs, 2, centre, { ...centre }, seededRandom(3));
    expect(a).toEqual(b);
  });
});
