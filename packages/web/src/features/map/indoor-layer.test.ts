import { emptyLiveItemState, type IndoorMap, type LiveItemState } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { buildingsOf, hiddenByLevel, shownLevel, shownMaps } from "./indoor-layer.ts";

const geometry = {
  topLeft: { lat: 1, lng: 0 },
  topRight: { lat: 1, lng: 1 },
  bottomLeft: { lat: 0, lng: 0 },
  opacity: 0.8,
};
const map = (id: number, building: string, level: number, placed = true): IndoorMap => ({
  id,
  name: `M${id}`,
  building,
  level,
  photoUrl: "/p.svg",
  geometry: placed ? geometry : null,
  createdTs: 0,
  updatedTs: 0,
});
const maps = [
  map(1, "Plant", 1),
  map(2, "Plant", 0),
  map(3, "Plant", -1),
  map(4, "", 0),
  map(5, "Other", 2, false),
];

describe("indoor levels on the live map", () => {
  it("groups placed plans by building, levels ascending", () => {
    expect(buildingsOf(maps)).toEqual([
      { key: "#4", name: "M4", levels: [0] },
      { key: "Plant", name: "Plant", levels: [-1, 0, 1] },
    ]);
  });

  it("shows ground level unless another is chosen", () => {
    const [, plant] = buildingsOf(maps);
    expect(shownLevel(plant!, new Map())).toBe(0);
    expect(shownLevel(plant!, new Map([["Plant", 1]]))).toBe(1);
    expect(shownLevel(plant!, new Map([["Plant", 7]]))).toBe(0);
    expect(shownMaps(maps, new Map([["Plant", -1]])).map((m) => m.id)).toEqual([3, 4]);
  });

  it("hides items seen indoors on another level of the building only", () => {
    const byId = new Map(maps.map((m) => [m.id, m]));
    const buildings = new Map(buildingsOf(maps).map((b) => [b.key, b]));
    const at = (src: 1 | 5, indoorMap?: number): LiveItemState => ({
      ...emptyLiveItemState(3, 1),
      pos: { ts: 0, receivedTs: 0, lat: 0, lng: 0, alt: 0, spd: 0, course: 0, satt: 0, valid: false, src },
      sensors: indoorMap === undefined ? {} : { indoorMap: indoorMap },
    });
    const choice = new Map([["Plant", 0]]);
    expect(hiddenByLevel(at(5, 1), byId, buildings, choice)).toBe(true);
    expect(hiddenByLevel(at(5, 2), byId, buildings, choice)).toBe(false);
    expect(hiddenByLevel(at(1, 1), byId, buildings, choice)).toBe(false);
    expect(hiddenByLevel(at(5, 99), byId, buildings, choice)).toBe(false);
  });
});
