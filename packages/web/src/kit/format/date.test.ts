import { describe, expect, it } from "vitest";
import { allTimeZones, formatDateTime, fromZonedInput, toZonedInput } from "./date.ts";

// 2024-07-01T10:05:09Z: summer time in Madrid (UTC+2), standard time in Sao Paulo (UTC-3).
const SUMMER = Date.UTC(2024, 6, 1, 10, 5, 9);
// 2024-01-15T23:30:00Z: winter in Madrid (UTC+1), so the date rolls over to the next day there.
const WINTER = Date.UTC(2024, 0, 15, 23, 30, 0);

describe("formatDateTime", () => {
  it.each([
    { ts: SUMMER, tz: "UTC", seconds: false, expected: "2024-07-01 10:05" },
    { ts: SUMMER, tz: "UTC", seconds: true, expected: "2024-07-01 10:05:09" },
    { ts: SUMMER, tz: "Europe/Madrid", seconds: false, expected: "2024-07-01 12:05" },
    { ts: SUMMER, tz: "America/Sao_Paulo", seconds: true, expected: "2024-07-01 07:05:09" },
    { ts: WINTER, tz: "Europe/Madrid", seconds: false, expected: "2024-01-16 00:30" },
    { ts: WINTER, tz: "Asia/Kolkata", seconds: false, expected: "2024-01-16 05:00" },
  ])("shows $ts in $tz (seconds: $seconds) as $expected", ({ ts, tz, seconds, expected }) => {
    expect(formatDateTime(ts, tz, seconds)).toBe(expected);
  });

  it("falls back to UTC for a zone name the browser does not know", () => {
    expect(formatDateTime(SUMMER, "Mars/Olympus_Mons")).toBe("2024-07-01 10:05");
    expect(formatDateTime(SUMMER, "Mars/Olympus_Mons", true)).toBe("2024-07-01 10:05:09");
  });
});

describe("allTimeZones", () => {
  it("lists UTC once, alongside the IANA zones", () => {
    const zones = allTimeZones();
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
    expect(zones).toContain("Europe/Madrid");
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe("toZonedInput / fromZonedInput", () => {
  it.each([
    { ts: SUMMER, tz: "UTC", input: "2024-07-01T10:05" },
    { ts: SUMMER, tz: "Europe/Madrid", input: "2024-07-01T12:05" },
    { ts: WINTER, tz: "Europe/Madrid", input: "2024-01-16T00:30" },
    { ts: WINTER, tz: "America/New_York", input: "2024-01-15T18:30" },
  ])("shows $ts in $tz as $input", ({ ts, tz, input }) => {
    expect(toZonedInput(ts, tz)).toBe(input);
  });

  it.each([
    { input: "2024-07-01T12:05", tz: "Europe/Madrid", ts: Date.UTC(2024, 6, 1, 10, 5) },
    { input: "2024-01-16T00:30", tz: "Europe/Madrid", ts: Date.UTC(2024, 0, 15, 23, 30) },
    { input: "2024-01-15T18:30", tz: "America/New_York", ts: Date.UTC(2024, 0, 15, 23, 30) },
    { input: "2024-03-31T03:30", tz: "Europe/Madrid", ts: Date.UTC(2024, 2, 31, 1, 30) },
  ])("reads $input in $tz as the instant $ts", ({ input, tz, ts }) => {
    expect(fromZonedInput(input, tz)).toBe(ts);
  });

  it("drops seconds on the way to the input (the input has minutes only)", () => {
    expect(fromZonedInput(toZonedInput(SUMMER, "Asia/Kolkata"), "Asia/Kolkata")).toBe(SUMMER - 9_000);
  });
});
