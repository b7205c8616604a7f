import { describe, expect, it } from "vitest";
import { periodDays } from "./local-day.ts";

describe("periodDays", () => {
  it.each([
    {
      name: "a rolling week from mid-day keeps its partial first and last days",
      from: Date.UTC(2026, 10, 21, 1, 46),
      to: Date.UTC(2026, 10, 28, 1, 46),
      tz: "Europe/Madrid",
      want: [
        "2026-11-21",
        "2026-11-22",
        "2026-11-23",
        "2026-11-24",
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
      ],
    },
    {
      name: "across a daylight-saving change",
      from: Date.UTC(2026, 2, 28, 23),
      to: Date.UTC(2026, 2, 30, 22),
      tz: "Europe/Madrid",
      want: ["2026-03-29", "2026-03-30"],
    },
    { name: "an empty period", from: 1000, to: 1000, tz: "UTC", want: [] },
  ])("$name", ({ from, to, tz, want }) => {
    expect(periodDays(from, to, tz)).toEqual(want);
  });
});
