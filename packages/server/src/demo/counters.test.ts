import { distanceM } from "@vigia/domain";
import { altitudeAt, TANK_L } from "@vigia/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { continuedCounters, demoStartCounters, historyWithCounters } from "./counters.ts";
import { seededRandom, vehicleDay } from "./history-plan.ts";

const centre = { lat: 40.4168, lng: -3.7038 };
const num = (v: unknown): number => (typeof v === "number" ? v : Number.NaN);

function history(seed: number, days: number) {
  const random = seededRandom(seed);
  const at = { ...centre };
  const start = Date.UTC(2026, 10, 2);
  return Array.from({ length: days }, (_, d) =>
    vehicleDay(start + d * 86_400_000, (1 + d) % 7, centre, at, random),
  ).flat();
}

describe("historyWithCounters", () => {
  it("ends exactly where the live simulation starts", () => {
    const end = demoStartCounters(42);
    const fixes = historyWithCounters(history(3, 10), end, centre);
    const last = fixes.at(-1)!;
    expect(last.attributes.odometer).toBe(Math.round(end.odometerM));
    expect(last.attributes.hours).toBe(Math.floor(end.engineS));
    expect(last.attributes.fuel).toBe(Math.round((100 * end.fuelL) / TANK_L));
  });

  it("counts forward like a device: the odometer advances by the distance driven, hours never go back, fuel stays in the tank", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 5000 }), (seed, device) => {
        const fixes = historyWithCounters(history(seed, 5), demoStartCounters(device), centre);
        for (let i = 1; i < fixes.length; i++) {
          const a = fixes[i - 1]!;
          const b = fixes[i]!;
          const advance = num(b.attributes.odometer) - num(a.attributes.odometer);
          expect(Math.abs(advance - distanceM(a, b))).toBeLessThanOrEqual(1);
          expect(num(b.attributes.hours)).toBeGreaterThanOrEqual(num(a.attributes.hours));
        }
        for (const f of fixes) {
          expect(num(f.attributes.fuel)).toBeGreaterThanOrEqual(0);
          expect(num(f.attributes.fuel)).toBeLessThanOrEqual(100);
          expect(num(f.attributes.odometer)).toBeGreaterThan(0);
          expect(f.alt).toBe(
            altitudeAt(
              (f.lng - centre.lng) * 111_320 * Math.cos((centre.lat * Math.PI) / 180),
              (f.lat - centre.lat) * 111_320,
            ),
          );
        }
      }),
      { numRuns: 10 },
    );
  });
});

describe("continuedCounters", () => {
  const start = { odometerM: 100_000_000, fuelL: 20, engineS: 4_000_000 };
  it.each([
    { name: "no stored state: the history's end", state: undefined, want: start },
    { name: "a state that is not a vehicle's", state: { odometer: "far" }, want: start },
    {
      name: "a restart: what the device last reported",
      state: { odometer: 100_120_500.4, hours: 4_003_600, sensors: { fuel: 50 } },
      want: { odometerM: 100_120_500, fuelL: 30, engineS: 4_003_600 },
    },
    {
      name: "never below the history's end",
      state: { odometer: 5, hours: 10, sensors: {} },
      want: start,
    },
  ])("$name", ({ state, want }) => {
    expect(continuedCounters(start, state)).toEqual(want);
  });
});
