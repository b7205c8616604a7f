import type { UsersStats } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { dailyUse, perReseller } from "./stats-series.ts";

const D = 86_400_000;
const stats: UsersStats = {
  fromTs: 10 * D,
  toTs: 12 * D + 5,
  days: [{ day: 11 * D, activeUsers: 3, signIns: 5 }],
  resellers: [
    { day: 10 * D, resellerId: 1, resellerName: "A", items: 2, positions: 100 },
    { day: 12 * D, resellerId: 2, resellerName: "B", items: 1, positions: 300 },
  ],
};

describe("users stats series", () => {
  it("fills every day of the period", () => {
    expect(dailyUse(stats)).toEqual([
      { day: 10 * D, activeUsers: 0, signIns: 0 },
      { day: 11 * D, activeUsers: 3, signIns: 5 },
      { day: 12 * D, activeUsers: 0, signIns: 0 },
    ]);
  });

  it("pivots by reseller, busiest first", () => {
    const pivot = perReseller(stats, "items", "Others");
    expect(pivot.series).toEqual(["B", "A"]);
    expect(pivot.rows).toEqual([
      { day: 10 * D, A: 2, B: 0 },
      { day: 11 * D, A: 0, B: 0 },
      { day: 12 * D, A: 0, B: 1 },
    ]);
  });

  it("groups resellers past the sixth as others", () => {
    const many: UsersStats = {
      ...stats,
      resellers: Array.from({ length: 8 }, (_, i) => ({
        day: 10 * D,
        resellerId: i,
        resellerName: `R${i}`,
        items: 1,
        positions: 10 + i,
      })),
    };
    const pivot = perReseller(many, "items", "Others");
    expect(pivot.series).toHaveLength(7);
    expect(pivot.rows[0]?.Others).toBe(2);
  });
});
