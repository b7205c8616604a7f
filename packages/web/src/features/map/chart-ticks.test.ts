import { describe, expect, it } from "vitest";
import { chartTimeTicks, niceScale } from "./chart-ticks.ts";

describe("niceScale", () => {
  it.each([
    ["a walker's 1 km/h", 0, 1, [0, 1]],
    ["0-4 km/h: integer steps", 0, 4, [0, 1, 2, 3, 4]],
    ["0-10", 0, 10, [0, 2, 4, 6, 8, 10]],
    ["0-87 km/h", 0, 87, [0, 20, 40, 60, 80, 100]],
    ["altitude 612-655 m", 612, 655, [610, 620, 630, 640, 650, 660]],
    ["below sea level", -12, 40, [-20, -10, 0, 10, 20, 30, 40]],
    ["flat line", 5, 5, [5, 6]],
  ] as const)("%s", (_name, lo, hi, ticks) => {
    const scale = niceScale(lo, hi);
    expect(scale.ticks).toEqual(ticks);
    expect(new Set(scale.ticks).size).toBe(scale.ticks.length);
    expect(scale.min).toBeLessThanOrEqual(lo);
    expect(scale.max).toBeGreaterThanOrEqual(hi);
  });
});

describe("chartTimeTicks", () => {
  const M = 60_000;
  it("labels the start and end of a track shorter than one step", () => {
    expect(chartTimeTicks(10 * M + 5_000, 10 * M + 50_000, 0)).toEqual([10 * M + 5_000, 10 * M + 50_000]);
  });
  it("keeps round ticks when there are several", () => {
    expect(chartTimeTicks(0, 6 * 60 * M, 0).length).toBeGreaterThan(4);
  });
});
