import { describe, expect, it } from "vitest";
import { reportFileName, validateReportRequest } from "./request.ts";
import { driverScore, penaltyPer100Km } from "./scoring.ts";
import { averageConsumption, formatDuration, formatFuel, formatReportDistance } from "./values.ts";
import { timeInside, timeOutside } from "./worktime.ts";

const clean = {
  distanceM: 100_000,
  harshBraking: 0,
  harshAcceleration: 0,
  sharpTurn: 0,
  crash: 0,
  speeding: 0,
  idleMs: 0,
};

describe("driverScore", () => {
  it.each([
    ["a clean driver", clean, 10],
    ["one harsh braking per 100 km", { ...clean, harshBraking: 1 }, 8.6],
    ["four brakings and four speeding episodes per 100 km", { ...clean, harshBraking: 4, speeding: 4 }, 3.7],
    [
      "the same events over twice the distance",
      { ...clean, distanceM: 200_000, harshBraking: 4, speeding: 4 },
      6.1,
    ],
    ["an hour of idling per 100 km", { ...clean, idleMs: 3_600_000 }, 7.4],
    ["a crash weighs like ten points", { ...clean, crash: 1 }, 6.1],
    ["a terrible driver stays at or above 0", { ...clean, harshBraking: 500 }, 0],
    ["too little driving to judge", { ...clean, distanceM: 5_000 }, null],
  ])("%s scores %s", (_label, input, score) => {
    expect(driverScore(input)).toBe(score);
  });

  it("weighs penalties per 100 km", () => {
    expect(penaltyPer100Km({ ...clean, harshBraking: 2, sharpTurn: 1 })).toBe(8);
  });
});

describe("report values", () => {
  it.each([
    [0, "0:00:00"],
    [59_999, "0:00:59"],
    [3_723_000, "1:02:03"],
    [93_784_000, "1d 2:03:04"],
    [-5, "0:00:00"],
  ])("duration %d ms is %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [850, "850 m"],
    [1000, "1.0 km"],
    [12_345, "12.3 km"],
  ])("distance %d m is %s", (m, text) => {
    expect(formatReportDistance(m)).toBe(text);
  });

  it.each([
    [12.04, "12"],
    [12.35, "12.4"],
    [0, "0"],
  ])("fuel %d L is %s", (l, text) => {
    expect(formatFuel(l)).toBe(text);
  });

  it.each([
    [8, 100_000, 0, 8],
    [8, 100_000, 1, 12.5],
    [null, 100_000, 0, null],
    [5, 0, 0, null],
  ] as const)("%s L over %d m in unit %d is %s", (litres, metres, unit, avg) => {
    expect(averageConsumption(litres, metres, unit)).toBe(avg);
  });
});

describe("work-time compliance", () => {
  // 2026-01-12 is a Monday; times are local wall-clock ms.
  const monday = Date.UTC(2026, 0, 12);
  const h = 3_600_000;
  const week = [0, 1, 2, 3, 4, 5, 6].map((id) => ({
    id,
    enabled: id >= 1 && id <= 5,
    from: "08:00",
    to: "18:00",
  }));

  it.each([
    ["inside working hours", monday + 9 * h, monday + 10 * h, 0],
    ["starting before opening", monday + 7 * h, monday + 9 * h, h],
    ["running past closing", monday + 17 * h, monday + 19 * h, h],
    ["overnight into Tuesday", monday + 17 * h, monday + 33 * h, 14 * h],
    ["on a Sunday", monday - 24 * h + 10 * h, monday - 24 * h + 11 * h, h],
  ])("%s", (_label, start, end, outside) => {
    expect(timeOutside(start, end, week)).toBe(outside);
    expect(timeInside(start, end, week)).toBe(end - start - outside);
  });
});

describe("report definition", () => {
  const valid = {
    type: "trips" as const,
    format: "pdf",
    days: [1],
    groupsId: [],
    vehiclesId: [3],
    assetsId: [],
    personsId: [],
    driversId: [],
    events: [],
    sensors: [],
    timeLimits: { from: 0, to: 1 },
  };

  it("accepts a complete definition", () => {
    expect(validateReportRequest(valid)).toEqual({});
  });

  it("names each missing field", () => {
    expect(
      validateReportRequest({
        ...valid,
        type: null,
        format: null,
        days: [],
        vehiclesId: [],
        timeLimits: { from: 5, to: 5 },
      }),
    ).toEqual({
      type: "required",
      format: "required",
      days: "reports.noDays",
      selection: "reports.noSelection",
      timeLimits: "reports.badRange",
    });
  });

  it("takes an event or a sensor as a selection", () => {
    expect(validateReportRequest({ ...valid, vehiclesId: [], events: ["harshBraking"] })).toEqual({});
  });

  it.each([
    ["Flota Madrid", "pdf", "report_Flota_Madrid_2026-01-15.pdf"],
    ["Camión ñ/ü", "xlsx", "report_Camion_n_u_2026-01-15.xlsx"],
    ["", "csv", "report_report_2026-01-15.csv"],
  ] as const)("file name of %s", (name, format, file) => {
    expect(reportFileName(name, "2026-01-15", format)).toBe(file);
  });
});
