import { emptyLiveItemState, ITEM_TYPE, type LiveItemState } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import type { LiveKey } from "../../platform/live/store.ts";
import { buildCatalog } from "./catalog.ts";
import { driverFeatures, driverInitials, driverListRows, driverPlaces } from "./driver-markers.ts";

const at = (itemType: 1 | 3, id: number, patch: Partial<LiveItemState>): LiveItemState => ({
  ...emptyLiveItemState(itemType, id, 1),
  pos: {
    ts: 10,
    receivedTs: 10,
    lat: 40,
    lng: -3 - id / 100,
    alt: 0,
    spd: 0,
    course: 0,
    satt: 8,
    valid: true,
    src: 1,
  },
  ...patch,
});

const catalog = buildCatalog({
  vehicles: { 1: { id: 1, name: "Van 1", group: 1 }, 2: { id: 2, name: "Van 2", group: 2 } },
  persons: { 9: { id: 9, name: "Ana" } },
  drivers: {
    7: { id: 7, name: "Ana López", personId: 9, group: null, tachographCard: "E1", iButton: "" },
    8: { id: 8, name: "bruno", personId: null, group: 2, tachographCard: "", iButton: "01AB" },
    6: { id: 6, name: "Carla Ruiz", personId: null, group: null, tachographCard: "", iButton: "" },
  },
});

function items(...states: LiveItemState[]): Map<LiveKey, LiveItemState> {
  return new Map(states.map((s) => [`${s.itemType === ITEM_TYPE.person ? "p" : "v"}:${s.id}` as LiveKey, s]));
}

describe("driverPlaces", () => {
  it("puts a driver on the vehicle identifying them, else on their person's device, else nowhere", () => {
    const live = items(at(1, 1, { driverId: 8, groupId: 2 }), at(3, 9, {}));
    expect(Object.fromEntries(driverPlaces(live, catalog.driverRows))).toEqual({
      8: { at: "v:1", via: "vehicle" },
      7: { at: "p:9", via: "person" },
    });
  });

  it("prefers the vehicle over the person's own device", () => {
    const live = items(at(1, 2, { driverId: 7 }), at(3, 9, {}));
    expect(driverPlaces(live, catalog.driverRows).get(7)).toEqual({ at: "v:2", via: "vehicle" });
  });

  it("ignores a driver id the catalogue does not know and a person with no position", () => {
    const live = items(at(1, 1, { driverId: 99 }), at(3, 9, { pos: null }));
    expect(driverPlaces(live, catalog.driverRows).size).toBe(0);
  });

  it("when two vehicles claim one driver, the latest fix wins", () => {
    const old = at(1, 1, { driverId: 6 });
    const recent = at(1, 2, { driverId: 6, pos: { ...old.pos!, ts: 99 } });
    expect(driverPlaces(items(recent, old), catalog.driverRows).get(6)?.at).toBe("v:2");
    expect(driverPlaces(items(old, recent), catalog.driverRows).get(6)?.at).toBe("v:2");
  });
});

describe("driverInitials", () => {
  it.each([
    ["Ana López", "AL"],
    ["bruno", "BR"],
    ["  José  María Pérez ", "JM"],
    ["", "?"],
    ["Ö", "Ö"],
  ])("%s → %s", (name, initials) => expect(driverInitials(name)).toBe(initials));
});

describe("driverFeatures", () => {
  const live = items(at(1, 1, { driverId: 6, groupId: 1 }), at(1, 2, { driverId: 8, groupId: 2 }));

  it("draws each placed driver at the carrier's position, the selected one flagged", () => {
    const fc = driverFeatures(live, catalog, { showDrivers: true, groups: null }, 8);
    expect(fc.features.map((f) => [f.properties, f.geometry.coordinates])).toEqual([
      [{ driverId: 6, initials: "CR", selected: false }, [-3.01, 40]],
      [{ driverId: 8, initials: "BR", selected: true }, [-3.02, 40]],
    ]);
  });

  it("draws nothing with the drivers filter off", () => {
    expect(driverFeatures(live, catalog, { showDrivers: false, groups: null }, null).features).toEqual([]);
  });

  it("filters groups by the driver's own group, else the carrier's", () => {
    const ids = (groups: number[]) =>
      driverFeatures(live, catalog, { showDrivers: true, groups: new Set(groups) }, null).features.map(
        (f) => f.properties.driverId,
      );
    expect(ids([1])).toEqual([6]);
    expect(ids([2])).toEqual([8]);
  });

  it("follows the store: the driver moves with the vehicle they are identified on", () => {
    const moved = items(at(1, 1, { driverId: null }), at(1, 2, { driverId: 6 }));
    const fc = driverFeatures(moved, catalog, { showDrivers: true, groups: null }, null);
    expect(fc.features.map((f) => f.geometry.coordinates)).toEqual([[-3.02, 40]]);
  });
});

describe("driverListRows", () => {
  const live = items(at(1, 1, { driverId: 8, groupId: 2, motion: "moving" }));

  it("lists every driver by name with the status of what carries them", () => {
    expect(driverListRows(live, catalog, null, "", null).map((r) => [r.driver.id, r.status])).toEqual([
      [7, "noData"],
      [8, "moving"],
      [6, "noData"],
    ]);
  });

  it.each([
    ["card", "e1", null, [7]],
    ["iButton", "01ab", null, [8]],
    ["status", "", "moving" as const, [8]],
  ])("searches and filters (%s)", (_what, search, status, expected) => {
    expect(driverListRows(live, catalog, null, search, status).map((r) => r.driver.id)).toEqual(expected);
  });
});
