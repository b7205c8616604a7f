import { heardBeacons, zonesHeard } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { beaconZoneDelta } from "./beacon-zones.ts";

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
