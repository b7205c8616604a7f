import { emptyLiveItemState, heardBeacons, zonesHeard } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { beaconZoneDelta } from "./beacon-zones.ts";
import { EVENT_FAMILIES } from "./event-families.ts";

const zones = new Map<number, Set<string>>([
  [1, new Set(["DOCK-1", "DOCK-2"])],
  [2, new Set(["AISLE-1"])],
  [3, new Set(["DOCK-2", "OFFICE"])],
]);

describe("heardBeacons", () => {
  it.each([
    [{ bleSeen: "dock-1 aisle-1" }, ["DOCK-1"]],
    [{ bleSeen: "dock-1", beacons: "aisle-1 dock-1" }, ["AISLE-1"]],
    [{ beacons: "aisle-1" }, ["AISLE-1"]],
    [{ bleSeen: "  a   b " }, ["A"]],
    [{ bleSeen: "" }, []],
    [{ bleSeen: 5 }, []],
    [{}, []],
  ])("%j → %j", (attributes, expected) => {
    expect(heardBeacons(attributes)).toEqual(expected);
  });
});

describe("zonesHeard", () => {
  it.each([
    [[], []],
    [["DOCK-1"], [1]],
    [["DOCK-2"], [1, 3]],
    [
      ["AISLE-1", "OFFICE"],
      [2, 3],
    ],
    [["UNKNOWN"], []],
  ])("%j → zones %j", (heard, expected) => {
    expect([...zonesHeard(heard, zones)].sort()).toEqual(expected);
  });
});

describe("beaconZoneDelta", () => {
  it.each([
    { name: "first sighting enters", before: [], heard: ["DOCK-1"], entered: [1], exited: [] },
    { name: "staying inside is no edge", before: [1], heard: ["DOCK-2"], entered: [3], exited: [] },
    { name: "moving between zones", before: [1], heard: ["AISLE-1"], entered: [2], exited: [1] },
    { name: "hearing nothing leaves all", before: [1, 3], heard: [], entered: [], exited: [1, 3] },
    { name: "a deleted zone is left silently", before: [9], heard: [], entered: [], exited: [] },
    { name: "unknown beacons change nothing", before: [], heard: ["X"], entered: [], exited: [] },
  ])("$name", ({ before, heard, entered, exited }) => {
    const d = beaconZoneDelta(new Set(before), heard, zones);
    expect({ entered: d.entered, exited: d.exited }).toEqual({ entered, exited });
  });
});

describe("families 33 and 34", () => {
  const base = emptyLiveItemState(3, 1, null);
  const view = (entered: number[], exited: number[]) => ({
    before: base,
    after: base,
    attributes: {},
    spd: 0,
    zoneLimit: null,
    beaconZones: { entered, exited },
  });
  it.each([
    { family: 33, value: 0, entered: [1, 3], exited: [], events: ["beaconZoneIn:1", "beaconZoneIn:3"] },
    { family: 33, value: 3, entered: [1, 3], exited: [], events: ["beaconZoneIn:3"] },
    { family: 33, value: 2, entered: [1], exited: [2], events: [] },
    { family: 34, value: 0, entered: [1], exited: [2], events: ["beaconZoneOut:2"] },
    { family: 34, value: 2, entered: [], exited: [2, 5], events: ["beaconZoneOut:2"] },
    { family: 34, value: 7, entered: [], exited: [2], events: [] },
  ])("family $family value $value", ({ family, value, entered, exited, events }) => {
    const hits = EVENT_FAMILIES.get(family)!(value, view(entered, exited));
    expect(hits.map((h) => `${h.event}:${h.params.beaconZoneId}`)).toEqual(events);
  });
  it("fires nothing without beacon zones in the view", () => {
    const { beaconZones: _, ...without } = view([1], [2]);
    expect(EVENT_FAMILIES.get(33)!(0, without)).toEqual([]);
  });
});
