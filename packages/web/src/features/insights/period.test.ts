import { describe, expect, it } from "vitest";
import { localDayStart, presetRange } from "./period.ts";

describe("period presets", () => {
  const now = Date.UTC(2026, 10, 24, 10, 30);
  it("today starts at the local midnight", () => {
    expect(presetRange("today", now, "Europe/Madrid")).toEqual({ from: Date.UTC(2026, 10, 23, 23), to: now });
  });
  it("yesterday is one full local day", () => {
    expect(presetRange("yesterday", now, "Europe/Madrid")).toEqual({
      from: Date.UTC(2026, 10, 22, 23),
      to: Date.UTC(2026, 10, 23, 23),
    });
  });
  it("last week goes back seven local days", () => {
    expect(presetRange("week", now, "UTC").from).toBe(Date.UTC(2026, 10, 17));
  });
  it("crosses a month", () =>
    expect(localDayStart(Date.UTC(2026, 11, 1, 12), "UTC", -1)).toBe(Date.UTC(2026, 10, 30)));
});
