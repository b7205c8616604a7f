import { describe, expect, it } from "vitest";
import { emptyReportForm, formErrors, presetRange, sensorOptions, toRequest } from "./definition.ts";

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 15, 10, 30, 15, 500);
const midnight = (ts: number) => Math.floor(ts / DAY) * DAY;

describe("presetRange", () => {
  it.each([
    ["today", { from: Date.UTC(2026, 0, 15), to: Date.UTC(2026, 0, 15, 10, 30, 15) }],
    ["yesterday", { from: Date.UTC(2026, 0, 14), to: Date.UTC(2026, 0, 15) }],
    ["lastWeek", { from: Date.UTC(2026, 0, 8, 10, 30, 15), to: Date.UTC(2026, 0, 15, 10, 30, 15) }],
    [
      "twoYears",
      { from: Date.UTC(2026, 0, 15, 10, 30, 15) - 730 * DAY, to: Date.UTC(2026, 0, 15, 10, 30, 15) },
    ],
  ] as const)("%s", (preset, range) => {
    expect(presetRange(preset, now, midnight, { from: 0, to: 0 })).toEqual(range);
  });

  it("truncates a custom range to the second", () => {
    expect(presetRange("custom", now, midnight, { from: 1_999, to: 5_001 })).toEqual({
      from: 1000,
      to: 5000,
    });
  });
});

describe("the report form", () => {
  it("names what is missing per field", () => {
    const form = { ...emptyReportForm(now), days: [] };
    expect(formErrors(form, { from: 1, to: 2 })).toEqual({
      type: "required",
      days: "reports.noDays",
      selection: "reports.noSelection",
    });
  });

  it("builds the request once valid", () => {
    const form = { ...emptyReportForm(now), type: "trips" as const, vehiclesId: [4] };
    expect(formErrors(form, { from: 1, to: 2 })).toEqual({});
    expect(toRequest(form, { from: 1, to: 2 }, "en", "UTC")).toMatchObject({
      type: "trips",
      vehiclesId: [4],
      timeLimits: { from: 1, to: 2 },
      format: "screen",
    });
  });
});

describe("sensor picker options", () => {
  const catalogue = [
    { id: "ignition", name: "ignition" },
    { id: "io9", name: "analogInput1" },
  ];
  it.each([
    ["the catalogue alone", [], ["ignition", "io9"]],
    ["a chosen key the catalogue lacks stays offered", ["io999"], ["ignition", "io9", "io999"]],
    ["a chosen catalogue key is not repeated", ["io9"], ["ignition", "io9"]],
  ] as const)("%s", (_, chosen, values) => {
    expect(sensorOptions(catalogue, chosen, (s) => s.name).map((o) => o.value)).toEqual(values);
  });
});
