import type { SensorValue } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { nextSensorSince } from "./sensor-changes.ts";

describe("nextSensorSince", () => {
  const prev = new Map([
    ["ign", { value: true, since: 100 }],
    ["fuel", { value: 40, since: null }],
    ["door", { value: false, since: 50 }],
  ]);
  it.each<{ name: string; key: string; sensors: Record<string, SensorValue>; since: number | null }>([
    { name: "unchanged keeps its time", key: "ign", sensors: { ign: true }, since: 100 },
    { name: "changed takes the new time", key: "ign", sensors: { ign: false }, since: 900 },
    { name: "changed from unknown", key: "fuel", sensors: { fuel: 39 }, since: 900 },
    { name: "new sensor is unknown", key: "temp", sensors: { temp: 21.5 }, since: null },
    { name: "same text is unchanged", key: "door", sensors: { door: false }, since: 50 },
  ])("$name", ({ key, sensors, since }) => {
    expect(nextSensorSince(prev, sensors, 900).get(key)?.since).toBe(since);
  });

  it("drops sensors no longer reported", () => {
    expect(nextSensorSince(prev, { ign: true }, 900).has("fuel")).toBe(false);
  });
});
