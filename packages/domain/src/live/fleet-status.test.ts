import { describe, expect, it } from "vitest";
import { countFleetStatus, DEFAULT_STALE_AFTER_MS, fleetStatus, shownSpeedKmh } from "./fleet-status.ts";
import { emptyLiveItemState, type LiveItemState, type LivePosition } from "./state.ts";

const NOW = 1_000_000_000;
const fix = (ts: number, spd = 0): LivePosition => ({
  ts,
  receivedTs: ts,
  lat: 40.4,
  lng: -3.7,
  alt: 0,
  spd,
  course: 0,
  satt: 8,
  valid: true,
  src: 1,
});
const state = (over: Partial<LiveItemState>): LiveItemState => ({ ...emptyLiveItemState(1, 1), ...over });

describe("fleetStatus", () => {
  it.each([
    ["never heard from", undefined, 600_000, false, "noData"],
    ["state without a position", state({}), 600_000, false, "noData"],
    ["moving, fresh", state({ pos: fix(NOW - 5_000, 40), motion: "moving" }), 600_000, false, "moving"],
    ["idle, fresh", state({ pos: fix(NOW - 5_000), motion: "idle" }), 600_000, false, "idle"],
    ["stopped, fresh", state({ pos: fix(NOW - 5_000), motion: "stopped" }), 600_000, false, "stopped"],
    [
      "moving but silent past the threshold",
      state({ pos: fix(NOW - 600_001, 74), motion: "moving" }),
      600_000,
      false,
      "offline",
    ],
    [
      "exactly at the threshold is still live",
      state({ pos: fix(NOW - 600_000), motion: "idle" }),
      600_000,
      false,
      "idle",
    ],
    [
      "the server's offline flag wins",
      state({ pos: fix(NOW - 1_000, 74), motion: "moving" }),
      600_000,
      true,
      "offline",
    ],
  ] as const)("%s", (_name, s, stale, offline, expected) => {
    expect(fleetStatus(s, NOW, stale, offline)).toBe(expected);
  });

  it("defaults to a day of silence", () => {
    const s = state({ pos: fix(NOW - DEFAULT_STALE_AFTER_MS - 1), motion: "stopped" });
    expect(fleetStatus(s, NOW)).toBe("offline");
  });

  it("counts every status, zero included", () => {
    expect(countFleetStatus(["moving", "moving", "offline", "noData"])).toEqual({
      moving: 2,
      idle: 0,
      stopped: 0,
      offline: 1,
      noData: 1,
    });
  });
});

describe("shownSpeedKmh", () => {
  it.each([
    ["no position", undefined, null],
    ["moving shows the fix's speed", state({ pos: fix(NOW, 37.9), motion: "moving" }), 37],
    ["parked drift is not speed", state({ pos: fix(NOW, 3), motion: "stopped" }), 0],
    ["idle", state({ pos: fix(NOW, 1), motion: "idle" }), 0],
  ] as const)("%s", (_name, s, expected) => expect(shownSpeedKmh(s)).toBe(expected));
});
