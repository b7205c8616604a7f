import { APP_CONFIG_DEFAULTS, type AppConfig } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { appConfigErrors, overrideEdit, overrideOf } from "./app-config-form.ts";

const base: AppConfig = { ...APP_CONFIG_DEFAULTS };

describe("appConfigErrors", () => {
  const cases: [string, Partial<AppConfig>, Record<string, string>][] = [
    ["the defaults are valid", {}, {}],
    ["Wi-Fi interval under 30 minutes", { wifiInterval: 29 }, { wifiInterval: "wifiMin" }],
    ["Wi-Fi interval of 30 minutes", { wifiInterval: 30 }, {}],
    ["an emptied number", { sensorInterval: Number.NaN }, { sensorInterval: "invalid" }],
    ["precision over 8", { precision: 9 }, { precision: "invalid" }],
  ];
  it.each(cases)("%s", (_name, patch, expected) => {
    expect(appConfigErrors({ ...base, ...patch })).toEqual(expected);
  });
});

describe("device overrides", () => {
  it("shows the company's values and stores only the device's own settings", () => {
    const company: AppConfig = { ...base, trackerMode: "app", wifiInterval: 45 };
    const edit = overrideEdit(company, { beaconMode: "event" });
    expect(edit.value).toMatchObject({ trackerMode: "app", wifiInterval: 45, beaconMode: "event" });
    expect([...edit.own]).toEqual(["beaconMode"]);
    edit.own.add("wifiInterval");
    edit.value = { ...edit.value, wifiInterval: 90, panic: false };
    // panic is not ticked as the device's own: it follows the company.
    expect(overrideOf(edit)).toEqual({ beaconMode: "event", wifiInterval: 90 });
  });
});
