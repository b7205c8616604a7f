import { reportRequestSchema } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { perDayChart } from "./run.ts";

const at = (day: string, hour: number) => Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

function request(days: number[]) {
  return reportRequestSchema.parse({
    type: "trips",
    vehiclesId: [1],
    // A rolling week from mid-day Saturday, Madrid: 2026-11-21 (Sat) 13:46 to 2026-11-28 (Sat) 13:46.
    timeLimits: { from: at("2026-11-21", 12) + 46 * 60_000, to: at("2026-11-28", 12) + 46 * 60_000 },
    format: "pdf",
    timezone: "Europe/Madrid",
    days,
  });
}

describe("perDayChart", () => {
  it("lists every day of the period, the partial first and last ones and the days without driving as zero", () => {
    const chart = perDayChart({ request: request([0, 1, 2, 3, 4, 5, 6]) }, "distancePerDay", [
      { ts: at("2026-11-21", 15), value: 10 },
      { ts: at("2026-11-23", 8), value: 5 },
      { ts: at("2026-11-23", 9), value: 2.5 },
    ]);
    expect(chart.points.map((p) => [p.x, p.values.distanceKm])).toEqual([
      ["2026-11-21", 10],
      ["2026-11-22", 0],
      ["2026-11-23", 7.5],
      ["2026-11-24", 0],
      ["2026-11-25", 0],
      ["2026-11-26", 0],
      ["2026-11-27", 0],
      ["2026-11-28", 0],
    ]);
  });

  it("keeps to the chosen week days", () => {
    // Monday to Friday only: the two Saturdays and the Sunday are left out.
    const chart = perDayChart({ request: request([1, 2, 3, 4, 5]) }, "distancePerDay", []);
    expect(chart.points.map((p) => p.x)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
  });
});
