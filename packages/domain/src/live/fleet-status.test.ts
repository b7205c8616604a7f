import { describe, expect, it } from "vitest";
import { countFleetStatus, fleetStatus, shownSpeedKmh } from "./fleet-status.ts";
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
    ["never heard from", undefined, "noData"],
    ["state without a position", state({}), "noData"],
    ["moving", state({ pos: fix(NOW - 5_000, 40), motion: "moving" }), "moving"],
    ["idle", state({ pos: fix(NOW - 5_000), motion: "idle" }), "idle"],
    ["stopped", state({ pos: fix(NOW - 5_000), motion: "stopped" }), "stopped"],
    // The server's staleness check (the company's timeout) decides; old data is never shown as moving.
    [
      "moving but the server says silent",
      state({ pos: fix(NOW - 1_000, 74), motion: "moving", offline: true }),
      "offline",
    ],
    ["offline without a position is still no data", state({ offline: true }), "noData"],
  ] as const)("%s", (_name, s, expected) => {
    expect(fleetStatus(s)).toBe(expected);
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
