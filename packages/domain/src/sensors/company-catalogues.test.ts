import { describe, expect, it } from "vitest";
import { ITEM_TYPE } from "../model/codes.ts";
import { eventCatalogue, iconCatalogue, ioList, sensorList } from "./company-catalogues.ts";

const setting = (key: string, edit: { name?: string; unit?: string; hidden?: boolean }) => ({
  key,
  name: edit.name ?? "",
  unit: edit.unit ?? "",
  multiplier: null,
  hidden: edit.hidden ?? false,
});

describe("company catalogues", () => {
  it("events are the alarm families by code", () => {
    const events = eventCatalogue();
    expect(events["5"]).toEqual({ id: 5, name: "geozone" });
    expect(events["20"]).toEqual({ id: 20, name: "speeding" });
  });

  it.each([
    ["no devices: the common sensors", [], [], "ignition", true],
    ["technical sensors are left out", ["teltonika"], [], "hdop", false],
    ["raw twins of named sensors are left out", ["teltonika"], [], "io239", false],
    ["protocol sensors are in", ["teltonika"], [], "io9", true],
    ["not in the protocol spoken", ["gt06"], [], "io9", false],
    ["hidden by the company", ["teltonika"], [setting("io9", { hidden: true })], "io9", false],
  ] as const)("%s", (_, protocols, settings, key, present) => {
    expect(key in sensorList(protocols, settings)).toBe(present);
  });

  it("a company's name and unit win over the catalogue's", () => {
    const list = sensorList(["teltonika"], [setting("io9", { name: "Tank probe", unit: "L" })]);
    expect(list.io9).toEqual({ id: "io9", name: "analogInput1", label: "Tank probe", unit: "L" });
    expect(sensorList(["teltonika"], []).io9).toEqual({
      id: "io9",
      name: "analogInput1",
      label: "",
      unit: "V",
    });
  });

  it("inputs and outputs are the IO sensors with their direction", () => {
    const ios = ioList(sensorList(["teltonika"], []));
    expect(ios.io1?.direction).toBe("in");
    expect(ios.io179?.direction).toBe("out");
    expect(ios.ignition?.direction).toBe("in");
    expect(ios.io9?.direction).toBe("in");
    expect("fuel" in ios).toBe(false);
  });

  it("icons are keyed by item type and type", () => {
    const icons = iconCatalogue();
    expect(icons["1:car"]).toEqual({ id: "car", name: "car", itemType: 1 });
    expect(icons["3:person"]?.itemType).toBe(3);
    expect(Object.values(icons).some((i) => i.itemType === ITEM_TYPE.asset)).toBe(true);
  });
});
