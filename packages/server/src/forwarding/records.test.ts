import type { ForwardRecord } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import type { AppliedPosition } from "../live/index.ts";
import { newEngineItem } from "../live/index.ts";
import { backoffMs, osmandQuery, recordOf } from "./records.ts";

describe("forwarding records", () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [8, 640_000],
    [9, 900_000],
    [30, 900_000],
  ])("after %i failures waits %i ms", (attempts, ms) => {
    expect(backoffMs(attempts)).toBe(ms);
  });

  it("writes the OsmAnd query Traccar reads, speed in knots", () => {
    const record: ForwardRecord = {
      companyId: 1,
      deviceId: "359632100000001",
      itemType: 1,
      itemId: 7,
      ts: Date.UTC(2026, 0, 15, 9, 0, 0),
      lat: 40.4168,
      lng: -3.7038,
      alt: 650,
      spd: 92.6,
      course: 180,
      satt: 9,
      valid: true,
      events: ["harshBraking"],
      attributes: {},
    };
    expect(Object.fromEntries(osmandQuery(record))).toEqual({
      id: "359632100000001",
      lat: "40.416800",
      lon: "-3.703800",
      timestamp: "1768467600",
      speed: "50.0",
      bearing: "180",
      altitude: "650",
      valid: "true",
      alarm: "harshBraking",
    });
  });

  it("flags a position older than the device's current one as late, in the record and the OsmAnd query", () => {
    const engine = newEngineItem({ itemType: 1, id: 7, groupId: null });
    const applied = (late: boolean): AppliedPosition => ({
      binding: {
        deviceRowId: 3,
        companyId: 1,
        itemType: 1,
        itemId: 7,
        groupId: null,
        odometerSource: 3,
        initialMileageKm: 0,
      },
      companyId: 1,
      itemType: 1,
      itemId: 7,
      position: {
        ts: Date.UTC(2026, 0, 12, 9, 0, 0),
        lat: 40.4,
        lng: -3.7,
        alt: 600,
        spd: 30,
        course: 90,
        satt: 9,
        valid: true,
        src: 1,
        attributes: {},
      },
      before: engine.state,
      after: engine.state,
      effects: [],
      late,
      engine,
    });
    const late = recordOf(applied(true), "359632100000001");
    expect(late.late).toBe(true);
    expect(osmandQuery(late).get("late")).toBe("true");
    const current = recordOf(applied(false), "359632100000001");
    expect(current.late).toBeUndefined();
    expect(osmandQuery(current).has("late")).toBe(false);
  });
});
