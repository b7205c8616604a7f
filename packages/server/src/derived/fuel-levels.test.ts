import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuelFromLevels, type LevelSample } from "./fuel-levels.ts";

const MIN = 60_000;
/** Readings every minute: [pct, km/h] pairs. */
const series = (pairs: [number, number][]): LevelSample[] =>
  pairs.map(([pct, spd], i) => ({ ts: i * MIN, pct, spd }));
const drive = (from: number, to: number, n: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [from + ((to - from) * i) / (n - 1), 60]);

describe("fuelFromLevels", () => {
  it.each([
    { name: "a drive burning 10 % of 60 L", pairs: drive(80, 70, 20), used: 6, refuels: [], drops: [] },
    {
      name: "a refuel while parked",
      pairs: [...drive(50, 40, 10), [40, 0], [40, 0], [70, 0], [95, 0], [95, 0], ...drive(95, 90, 6)] as [
        number,
        number,
      ][],
      used: 9,
      refuels: [33],
      drops: [],
    },
    {
      name: "a tank emptied while parked",
      pairs: [...drive(80, 75, 6), [75, 0], [75, 0], [60, 0], [50, 0], [50, 0]] as [number, number][],
      used: 3,
      refuels: [],
      drops: [15],
    },
    {
      name: "one sloshing reading is neither",
      pairs: [...drive(80, 78, 5), [90, 50], ...drive(78, 76, 5)] as [number, number][],
      used: 2.4,
      refuels: [],
      drops: [],
    },
    { name: "no tank size", pairs: drive(80, 70, 5), used: 0, refuels: [], drops: [], tank: 0 },
  ])("$name", ({ pairs, used, refuels, drops, tank }) => {
    const r = fuelFromLevels(series(pairs), tank ?? 60);
    expect(r.usedL).toBeCloseTo(used, 1);
    expect(r.refuels.map((e) => e.litres)).toEqual(refuels);
    expect(r.drops.map((e) => e.litres)).toEqual(drops);
  });

  it("accounts for every litre: the start, plus refuels, less burnt and drops, is the end", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 40)), {
          minLength: 2,
          maxLength: 80,
        }),
        (pairs) => {
          const samples = series(pairs);
          const r = fuelFromLevels(samples, 60);
          const sum = (xs: { litres: number }[]) => xs.reduce((s, e) => s + e.litres, 0);
          const med = (i: number) =>
            i === 0 || i === pairs.length - 1
              ? pairs[i]![0]
              : Math.max(
                  Math.min(pairs[i - 1]![0], pairs[i]![0]),
                  Math.min(Math.max(pairs[i - 1]![0], pairs[i]![0]), pairs[i + 1]![0]),
                );
          const start = (med(0) * 60) / 100;
          const end = (med(pairs.length - 1) * 60) / 100;
          const rises = (() => {
            let up = 0;
            for (let i = 1; i < pairs.length; i++) up += Math.max(0, ((med(i) - med(i - 1)) * 60) / 100);
            return up;
          })();
          // Rises not counted as refuels are ignored; falls are burnt or drops.
          expect(r.usedL).toBeGreaterThanOrEqual(0);
          expect(sum(r.refuels)).toBeLessThanOrEqual(rises + 0.1 * (r.refuels.length + 1));
          expect(start + rises - r.usedL - sum(r.drops)).toBeCloseTo(end, 0);
        },
      ),
    );
  });
});
