import { describe, expect, it } from "vitest";
import { nextRunAt, type PeriodicTiming, periodicWriteSchema, reportPeriod, retryAt } from "./periodic.ts";

const madrid = (
  frequency: PeriodicTiming["frequency"],
  extra: Partial<PeriodicTiming> = {},
): PeriodicTiming => ({
  frequency,
  weekDay: 1,
  monthDay: 1,
  hour: 7,
  timezone: "Europe/Madrid",
  ...extra,
});
const iso = (ts: number) => new Date(ts).toISOString();

describe("nextRunAt", () => {
  it.each([
    // 2026-11-24 is a Tuesday; Madrid is UTC+1 in winter.
    ["daily, before the hour", madrid("daily"), "2026-11-24T05:00:00Z", "2026-11-24T06:00:00.000Z"],
    ["daily, at the hour: the next day", madrid("daily"), "2026-11-24T06:00:00Z", "2026-11-25T06:00:00.000Z"],
    [
      "weekly on Monday",
      madrid("weekly", { weekDay: 1 }),
      "2026-11-24T12:00:00Z",
      "2026-11-30T06:00:00.000Z",
    ],
    [
      "weekly on Sunday (id 0)",
      madrid("weekly", { weekDay: 0 }),
      "2026-11-24T12:00:00Z",
      "2026-11-29T06:00:00.000Z",
    ],
    [
      "monthly on the 28th",
      madrid("monthly", { monthDay: 28 }),
      "2026-11-28T07:00:00Z",
      "2026-12-28T06:00:00.000Z",
    ],
    ["summer time (UTC+2)", madrid("daily"), "2026-07-01T00:00:00Z", "2026-07-01T05:00:00.000Z"],
    [
      "another zone",
      madrid("daily", { timezone: "America/New_York", hour: 0 }),
      "2026-11-24T12:00:00Z",
      "2026-11-25T05:00:00.000Z",
    ],
  ])("%s", (_name, timing, after, expected) => {
    expect(iso(nextRunAt(timing, Date.parse(after)))).toBe(expected);
  });
});

describe("reportPeriod", () => {
  it("daily: the previous local day", () => {
    const p = reportPeriod(madrid("daily"), Date.parse("2026-11-24T06:00:00Z"));
    expect([iso(p.fromTs), iso(p.toTs)]).toEqual(["2026-11-22T23:00:00.000Z", "2026-11-23T23:00:00.000Z"]);
  });
  it("weekly: the previous Monday-to-Monday week", () => {
    const p = reportPeriod(madrid("weekly", { weekDay: 3 }), Date.parse("2026-11-25T06:00:00Z"));
    expect([iso(p.fromTs), iso(p.toTs)]).toEqual(["2026-11-15T23:00:00.000Z", "2026-11-22T23:00:00.000Z"]);
  });
  it("monthly: the previous calendar month, across the year", () => {
    const p = reportPeriod(madrid("monthly"), Date.parse("2027-01-01T06:00:00Z"));
    expect([iso(p.fromTs), iso(p.toTs)]).toEqual(["2026-11-30T23:00:00.000Z", "2026-12-31T23:00:00.000Z"]);
  });
});

describe("retryAt", () => {
  it("backs off, then gives up", () => {
    expect(retryAt(1, 0)).toBe(60_000);
    expect(retryAt(3, 0)).toBe(1_800_000);
    expect(retryAt(4, 0)).toBeNull();
  });
});

describe("periodicWriteSchema", () => {
  const valid = {
    name: "Weekly km",
    reportType: "summaryDaily",
    selection: { vehicleIds: [1] },
    frequency: "weekly",
    weekDay: 1,
    monthDay: 1,
    hour: 7,
    timezone: "Europe/Madrid",
    recipients: ["fleet@acme.test"],
    format: "pdf",
  };
  it("accepts a full schedule", () => expect(periodicWriteSchema.safeParse(valid).success).toBe(true));
  it.each([
    ["a day of month over 28", { monthDay: 29 }],
    ["an invalid e-mail", { recipients: ["nope"] }],
    ["no recipient", { recipients: [] }],
    ["no item", { selection: {} }],
    ["an unknown zone", { timezone: "Mars/Olympus" }],
    ["a bad URL", { deliveryUrl: "not a url" }],
  ])("refuses %s", (_name, change) => {
    expect(periodicWriteSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
