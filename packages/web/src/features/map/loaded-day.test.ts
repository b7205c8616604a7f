import { type Playback, playbackSchema } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { toolStartDay } from "./loaded-day.ts";

// 2026-11-28 10:00 UTC: "today" for the tools unless a day is loaded.
const NOW = Date.UTC(2026, 10, 28, 10, 0);
const MADRID = "Europe/Madrid";

function playbackOf(from: number, to: number, pointTs: number[]): Playback {
  return playbackSchema.parse({
    from,
    to,
    points: pointTs.map((ts) => ({
      ts,
      lat: 40.4,
      lng: -3.7,
      alt: 650,
      spd: 0,
      course: 0,
      src: 1,
      ignition: false,
    })),
    stops: [],
    trips: [],
    events: [],
    truncated: false,
  });
}

describe("the day a map tool opens on", () => {
  // Two days back, 23:30 UTC is already the next day in Madrid.
  const lateEvening = Date.UTC(2026, 10, 25, 23, 30);
  const history = playbackOf(Date.UTC(2026, 10, 25, 0, 0), Date.UTC(2026, 10, 26, 22, 0), [lateEvening]);

  it.each([
    ["nothing loaded: today", null, null, "2026-11-28"],
    ["the panel's day route of the selected item", { key: "v:1", day: "2026-11-20" }, null, "2026-11-20"],
    ["another item's day route does not count", { key: "v:2", day: "2026-11-20" }, null, "2026-11-28"],
    [
      "playback wins over the day route: the day at its cursor, in the user's zone",
      { key: "v:1", day: "2026-11-20" },
      { key: "v:1", data: history, cursor: lateEvening },
      "2026-11-26",
    ],
    [
      "playback of another item does not count",
      null,
      { key: "v:2", data: history, cursor: lateEvening },
      "2026-11-28",
    ],
    ["playback opened but nothing loaded yet", null, { key: "v:1", data: null, cursor: 0 }, "2026-11-28"],
    [
      "a cursor before the loaded range reads as its start",
      null,
      { key: "v:1", data: history, cursor: 0 },
      "2026-11-25",
    ],
  ] as const)("%s", (_, dayRoute, playback, expected) => {
    expect(toolStartDay("v:1", MADRID, NOW, dayRoute, playback)).toBe(expected);
  });

  it("without a selected item it is today", () => {
    expect(toolStartDay(null, MADRID, NOW, { key: "v:1", day: "2026-11-20" }, null)).toBe("2026-11-28");
  });
});
