import { describe, expect, it } from "vitest";
import { changedSettings, settingRows } from "./settings.ts";

describe("sensor settings screen rows", () => {
  const saved = [
    { key: "io9", name: "Fridge probe", unit: "°C", multiplier: 0.01, hidden: false },
    { key: "fridgeDoor", name: "Door", unit: "", multiplier: null, hidden: false },
  ];

  it("lists every catalogue sensor once, main ones first, then the company's own keys", () => {
    const rows = settingRows(saved);
    const keys = rows.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.at(-1)).toBe("fridgeDoor");
    expect(rows.find((r) => r.key === "io9")?.edit.name).toBe("Fridge probe");
    const firstTechnical = rows.findIndex((r) => r.def?.group === "technical");
    expect(rows.slice(0, firstTechnical).every((r) => r.def?.group === "main")).toBe(true);
  });

  it("sends only the rows that change something", () => {
    const rows = settingRows(saved).map((r) =>
      r.key === "rssi" ? { ...r, edit: { ...r.edit, hidden: true } } : r,
    );
    expect(changedSettings(rows).map((s) => s.key)).toEqual(["rssi", "io9", "fridgeDoor"]);
  });
});
