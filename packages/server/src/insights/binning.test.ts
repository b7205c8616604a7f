import { cellToParent, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { addCells, addGrid, gridStepDegrees, type HexCounts, heatCells } from "./binning.ts";
import { rangesWithout } from "./heat-days.ts";

const DAY = 86_400_000;

describe("heat-map binning", () => {
  it("folds grid cells into the hexagons their centres fall in, leaving points off the globe out", () => {
    const step = gridStepDegrees(8);
    const gy = Math.round(40.4168 / step);
    const gx = Math.round(-3.7038 / step);
    const into: HexCounts = new Map();
    addGrid(into, { gy: [gy, gy, Math.round(95 / step)], gx: [gx, gx, gx], n: [3, 4, 9] }, step, 8);
    expect([...into]).toEqual([[latLngToCell(gy * step, gx * step, 8), 7]]);
  });

  it("adds stored cells to their parents at a coarser resolution, and to themselves at theirs", () => {
    const a = latLngToCell(40.4168, -3.7038, 8);
    const b = latLngToCell(40.4268, -3.7038, 8);
    const same: HexCounts = new Map();
    addCells(same, [a, b], [2, 5], 8);
    expect(same.get(a)).toBe(2);
    expect(same.get(b)).toBe(5);
    const coarse: HexCounts = new Map();
    addCells(coarse, [a, b], [2, 5], 5);
    expect([...coarse.values()].reduce((s, n) => s + n, 0)).toBe(7);
    expect(coarse.get(cellToParent(a, 5))).toBeGreaterThanOrEqual(2);
  });

  it("lists hexagons heaviest first with their total and maximum", () => {
    const a = latLngToCell(40.4168, -3.7038, 8);
    const b = latLngToCell(41.3851, 2.1734, 8);
    const result = heatCells(
      new Map([
        [a, 2],
        [b, 6],
      ]),
    );
    expect(result.cells.map((c) => [c.h3, c.count])).toEqual([
      [b, 6],
      [a, 2],
    ]);
    expect(result.total).toBe(8);
    expect(result.max).toBe(6);
  });
});

describe("the part of a period not covered by built days", () => {
  const d0 = Date.UTC(2026, 0, 10);
  const cases: [string, number, number, number[], [number, number][]][] = [
    ["no built day", d0, d0 + 3 * DAY, [], [[d0, d0 + 3 * DAY]]],
    ["every day built", d0, d0 + 2 * DAY, [d0, d0 + DAY], []],
    [
      "partial edges",
      d0 + 5_000,
      d0 + 2 * DAY + 7_000,
      [d0 + DAY],
      [
        [d0 + 5_000, d0 + DAY],
        [d0 + 2 * DAY, d0 + 2 * DAY + 7_000],
      ],
    ],
    ["a gap between built days", d0, d0 + 3 * DAY, [d0, d0 + 2 * DAY], [[d0 + DAY, d0 + 2 * DAY]]],
    [
      "today after the built days",
      d0,
      d0 + 2 * DAY + 60_000,
      [d0, d0 + DAY],
      [[d0 + 2 * DAY, d0 + 2 * DAY + 60_000]],
    ],
  ];
  it.each(cases)("%s", (_name, from, to, days, ranges) => {
    expect(rangesWithout(from, to, days)).toEqual(ranges);
  });
});
