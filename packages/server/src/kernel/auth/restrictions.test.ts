import { describe, expect, it } from "vitest";
import { insideTimeRange, ipMatches, minutesOfDay, restrictionViolation } from "./restrictions.ts";

// 2026-01-15 08:30 UTC = 09:30 in Madrid (CET, +1); 2026-07-15 08:30 UTC = 10:30 in Madrid (CEST, +2).
const WINTER = Date.UTC(2026, 0, 15, 8, 30);
const SUMMER = Date.UTC(2026, 6, 15, 8, 30);

describe("minutesOfDay", () => {
  it.each([
    [WINTER, "UTC", 8 * 60 + 30],
    [WINTER, "Europe/Madrid", 9 * 60 + 30],
    [SUMMER, "Europe/Madrid", 10 * 60 + 30],
    [WINTER, "America/New_York", 3 * 60 + 30],
  ])("%s in %s", (ts, tz, expected) => expect(minutesOfDay(ts, tz)).toBe(expected));
});

describe("insideTimeRange", () => {
  it.each([
    [{ from: "09:00", to: "18:00" }, WINTER, "Europe/Madrid", true],
    [{ from: "09:31", to: "18:00" }, WINTER, "Europe/Madrid", false],
    [{ from: "09:30", to: "09:31" }, WINTER, "Europe/Madrid", true],
    [{ from: "08:00", to: "09:30" }, WINTER, "Europe/Madrid", false],
    [{ from: "22:00", to: "10:00" }, WINTER, "Europe/Madrid", true],
    [{ from: "22:00", to: "06:00" }, WINTER, "Europe/Madrid", false],
    [{ from: "10:00", to: "11:00" }, SUMMER, "Europe/Madrid", true],
    [{ from: "00:00", to: "00:00" }, SUMMER, "UTC", true],
  ])("%j at %s in %s → %s", (range, ts, tz, expected) =>
    expect(insideTimeRange(range, ts, tz)).toBe(expected),
  );
});

describe("ipMatches", () => {
  it.each([
    ["10.0.0.0/8", "10.200.3.4", true],
    ["10.0.0.0/8", "11.0.0.1", false],
    ["192.168.1.10", "192.168.1.10", true],
    ["192.168.1.10", "192.168.1.11", false],
    ["192.168.1.0/24", "::ffff:192.168.1.77", true],
    ["0.0.0.0/0", "8.8.8.8", true],
    ["172.16.0.0/12", "172.31.255.255", true],
    ["172.16.0.0/12", "172.32.0.0", false],
    ["127.0.0.1", "::1", false],
  ])("%s vs %s → %s", (rule, ip, expected) => expect(ipMatches(rule, ip)).toBe(expected));
});

describe("restrictionViolation", () => {
  const at = { ts: WINTER, timeZone: "Europe/Madrid", ip: "10.1.1.1" };
  it("passes without restrictions", () =>
    expect(restrictionViolation({ timeRange: null, ip: null }, at)).toBeNull());
  it("reports the time range first", () =>
    expect(restrictionViolation({ timeRange: { from: "12:00", to: "13:00" }, ip: "1.1.1.1" }, at)).toBe(
      "restriction.timerange",
    ));
  it("reports the source address", () =>
    expect(restrictionViolation({ timeRange: null, ip: "192.168.0.0/16" }, at)).toBe("restriction.fromip"));
  it("passes a matching network", () =>
    expect(
      restrictionViolation({ timeRange: { from: "09:00", to: "10:00" }, ip: "10.0.0.0/8" }, at),
    ).toBeNull());
});
