import { describe, expect, it } from "vitest";
import { SENSOR_UNITS } from "./catalogue.ts";
import { presentSensors } from "./present.ts";
import { GSM_SIGNAL_SCALES, gsmSignalUnit, withUnit } from "./signal.ts";

describe("GSM signal units", () => {
  it.each([
    ["teltonika", 4, "4/5"],
    ["gt06", 3, "3/4"],
    ["gt06", 140, "140"],
    ["meitrack", 22, "22/31"],
    ["watch", 60, "60 %"],
    ["calamp", -70, "-70 dBm"],
    ["osmand", -70, "-70 dBm"],
    ["mqtt", 12, "12"],
    [null, -85, "-85 dBm"],
  ])("%s sending %d shows %s", (protocol, value, text) => {
    const [shown] = presentSensors(protocol, { rssi: value });
    expect(shown).toMatchObject({ key: "rssi", nameKey: "gsmSignal", value });
    expect(withUnit(String(shown!.value), shown!.unit)).toBe(text);
  });

  it("no sensor ever reads in bars, and every scale's unit is a known one", () => {
    expect(SENSOR_UNITS).not.toContain("bars");
    for (const scale of Object.values(GSM_SIGNAL_SCALES)) expect(SENSOR_UNITS).toContain(scale.unit);
  });

  it("a company's own unit wins over the table", () => {
    const [shown] = presentSensors("teltonika", { rssi: 3 }, [
      { key: "rssi", name: "", unit: "pts", multiplier: null, hidden: false },
    ]);
    expect(shown?.unit).toBe("pts");
  });

  it("the raw Teltonika element is a level of 5 when shown alone", () => {
    expect(gsmSignalUnit("teltonika", 5)).toBe("/5");
    const [shown] = presentSensors("teltonika", { io21: 2 });
    expect(withUnit(String(shown!.value), shown!.unit)).toBe("2/5");
  });

  it.each([
    ["12.5", "V", "12.5 V"],
    ["21", "°C", "21 °C"],
    ["on", "", "on"],
  ])("%s with unit %s reads %s", (text, unit, expected) => expect(withUnit(text, unit)).toBe(expected));
});
