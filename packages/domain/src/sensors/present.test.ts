import { describe, expect, it } from "vitest";
import { allSensorDefs, sensorCatalogue } from "./catalogue.ts";
import { presentSensors, sensorSettingSchema } from "./present.ts";

// What the Teltonika codec writes for one FMB record: raw io<N> and the named twins.
const TELTONIKA_RECORD = {
  io239: 1,
  ignition: true,
  io240: 1,
  motion: true,
  io16: 123_456_789,
  odometer: 123_456_789,
  io66: 13_812,
  power: 13.812,
  io21: 4,
  rssi: 4,
  io69: 1,
  io200: 0,
  io24: 37,
  lac: 2051,
  cid: 3311,
};

describe("presentSensors", () => {
  it("shows each Teltonika sensor once, named, converted and with units; technical values last", () => {
    const shown = presentSensors("teltonika", TELTONIKA_RECORD);
    const byKey = Object.fromEntries(shown.map((s) => [s.key, s]));
    expect(shown.map((s) => s.key)).not.toContain("io239");
    expect(shown.map((s) => s.key)).not.toContain("io16");
    expect(shown.map((s) => s.key)).not.toContain("io66");
    expect(byKey.odometer).toMatchObject({
      nameKey: "odometer",
      value: 123_456.8,
      unit: "km",
      group: "main",
    });
    expect(byKey.power).toMatchObject({ nameKey: "externalVoltage", value: 13.81, unit: "V" });
    expect(byKey.ignition).toMatchObject({ nameKey: "ignition", value: true });
    expect(byKey.io24).toMatchObject({ nameKey: "speed", unit: "km/h", value: 37 });
    expect(byKey.io69).toMatchObject({ nameKey: "gnssStatus", group: "technical" });
    expect(byKey.lac).toMatchObject({ group: "technical" });
    const firstTechnical = shown.findIndex((s) => s.group === "technical");
    expect(shown.slice(firstTechnical).every((s) => s.group === "technical")).toBe(true);
  });

  it("converts a raw element that has no named twin (io16 alone: metres to km, io67 mV to V)", () => {
    const shown = presentSensors("teltonika", { io16: 5_000, io67: 4_100 });
    expect(shown).toEqual([
      expect.objectContaining({ key: "io16", nameKey: "odometer", value: 5, unit: "km" }),
      expect.objectContaining({ key: "io67", nameKey: "batteryVoltage", value: 4.1, unit: "V" }),
    ]);
  });

  it.each([
    ["gt06", { uploadMode: 1, mcc: 214, batteryLevel: 80 }, ["batteryLevel", "mcc", "uploadMode"]],
    [
      "osmand",
      { batteryLevel: 54, accuracy: 4.5, charging: false },
      ["batteryLevel", "charging", "accuracy"],
    ],
    ["mqtt", { temperature: 4.2, fridgeDoor: "open" }, ["temperature", "fridgeDoor"]],
  ] as const)("%s attributes", (protocol, sensors, order) => {
    expect(presentSensors(protocol, sensors).map((s) => s.key)).toEqual(order);
  });

  it("applies the company's rename, unit, multiplier and hide", () => {
    const settings = [
      sensorSettingSchema.parse({ key: "io9", name: "Fridge probe", unit: "°C", multiplier: 0.01 }),
      sensorSettingSchema.parse({ key: "rssi", hidden: true }),
    ];
    const shown = presentSensors("teltonika", { io9: 452, rssi: 3 }, settings);
    expect(shown).toEqual([
      { key: "io9", nameKey: null, label: "Fridge probe", value: 4.52, unit: "°C", group: "main" },
    ]);
  });

  it("keys no catalogue knows are technical and shown by their key; device text is cleaned", () => {
    const shown = presentSensors("teltonika", { weird: "a\u0000b\nc".padEnd(200, "x") });
    expect(shown[0]).toMatchObject({ nameKey: null, label: "weird", group: "technical" });
    expect(String(shown[0]?.value)).toMatch(/^abc/);
    expect(String(shown[0]?.value).length).toBe(64);
  });

  it("every catalogue entry has a known unit and a twin that exists", () => {
    const keys = new Set(allSensorDefs().map((d) => d.key));
    for (const def of sensorCatalogue("teltonika")) if (def.twinOf) expect(keys.has(def.twinOf)).toBe(true);
  });

  it("refuses setting keys with odd characters", () => {
    expect(sensorSettingSchema.safeParse({ key: "io 1; drop" }).success).toBe(false);
  });
});
