import { emptyLiveItemState, type LiveItemState, type ServerMessage } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { LiveItemsStore, motionClass, type StoreChange } from "./store.ts";

const pos = (ts: number, lat: number) => ({
  ts,
  receivedTs: ts,
  lat,
  lng: -3,
  alt: 0,
  spd: 30,
  course: 0,
  satt: 8,
  valid: true,
  src: 1 as const,
});
const vPos = (id: number, ts: number, lat: number): ServerMessage => ({
  type: "vPos",
  data: { id, pos: pos(ts, lat), motion: "moving", ignition: true, since: null },
});
const state = (id: number, patch: Partial<LiveItemState> = {}): LiveItemState => ({
  ...emptyLiveItemState(1, id, 1),
  pos: pos(1, 40),
  ignition: false,
  intrack: true,
  ...patch,
});

function storeWith(...items: LiveItemState[]) {
  const store = new LiveItemsStore();
  const changes: StoreChange[] = [];
  store.subscribe((c) => changes.push({ reset: c.reset, keys: new Set(c.keys) }));
  store.loadSnapshot({
    id: 1,
    initTs: 0,
    vehicles: Object.fromEntries(items.map((s) => [s.id, s])),
    assets: {},
    persons: {},
  });
  return { store, changes };
}

describe("LiveItemsStore", () => {
  it("loads a snapshot as one reset", () => {
    const { store, changes } = storeWith(state(1), state(2));
    expect(store.items.size).toBe(2);
    expect(changes).toEqual([{ reset: true, keys: new Set() }]);
  });

  it("applies a batch with one notification naming the changed items", () => {
    const { store, changes } = storeWith(state(1), state(2));
    store.apply([vPos(1, 5, 41), { type: "vOdo", data: { id: 2, odometer: 900 } }, vPos(3, 5, 42)]);
    expect(changes.at(-1)).toEqual({ reset: false, keys: new Set(["v:1", "v:2", "v:3"]) });
    expect(store.items.get("v:1")?.pos?.lat).toBe(41);
    expect(store.items.get("v:1")?.motion).toBe("moving");
    expect(store.items.get("v:2")?.odometer).toBe(900);
    expect(store.items.get("v:3")?.pos?.lat).toBe(42);
  });

  it.each([
    [
      "merges sensors",
      { type: "vSensor", data: { id: 1, sensors: { b: 2 } } },
      (s: LiveItemState) => s.sensors,
      { a: 1, b: 2 },
    ],
    [
      "sets the hour meter",
      { type: "vHour", data: { id: 1, hours: 7200 } },
      (s: LiveItemState) => s.hours,
      7200,
    ],
    [
      "sets the driver",
      { type: "vDriver", data: { id: 1, driverId: 4, ts: 0 } },
      (s: LiveItemState) => s.driverId,
      4,
    ],
    [
      "sets the DTCs",
      { type: "vDtc", data: { id: 1, dtcs: ["P0100"] } },
      (s: LiveItemState) => s.dtcs,
      ["P0100"],
    ],
  ] as const)("%s", (_n, message, read, expected) => {
    const { store } = storeWith(state(1, { sensors: { a: 1 } }));
    store.apply([message as ServerMessage]);
    expect(read(store.items.get("v:1")!)).toEqual(expected);
  });

  it("ignores a fix older than the one it has", () => {
    const { store } = storeWith(state(1, { pos: pos(10, 40) }));
    store.apply([vPos(1, 5, 99)]);
    expect(store.items.get("v:1")?.pos?.lat).toBe(40);
  });

  it("moves a driver between vehicles", () => {
    const { store } = storeWith(state(1, { driverId: 9 }), state(2));
    store.apply([{ type: "dVehicle", data: { id: 9, vehicleId: 2, ts: 0 } }]);
    expect(store.items.get("v:1")?.driverId).toBeNull();
    expect(store.items.get("v:2")?.driverId).toBe(9);
  });

  it("records the live track of the selected item only", () => {
    const { store } = storeWith(state(1), state(2));
    store.startTrack("v:1");
    store.apply([vPos(1, 5, 41), vPos(2, 5, 50)]);
    store.apply([vPos(1, 6, 41)]); // same place: no new point
    store.apply([vPos(1, 7, 42)]);
    expect(store.track).toEqual([
      [-3, 40],
      [-3, 41],
      [-3, 42],
    ]);
    store.startTrack(null);
    expect(store.track).toEqual([]);
  });

  it.each([
    [state(1, { motion: "moving", pos: pos(1000, 40) }), "moving"],
    [state(1, { motion: "idle", pos: pos(1000, 40) }), "idle"],
    // The server decides when a device fell silent (the company's timeout): old data is never "moving".
    [state(1, { motion: "moving", pos: pos(1000, 40), offline: true }), "offline"],
    [state(1, { pos: null }), "noData"],
  ])("motion class %#", (s, expected) => expect(motionClass(s)).toBe(expected));

  it("marks an item offline and back from the server's messages", () => {
    const store = new LiveItemsStore();
    store.apply([vPos(1, 7, 42)]);
    store.apply([{ type: "vOffline", data: { id: 1, offline: true } }]);
    expect(motionClass(store.items.get("v:1")!)).toBe("offline");
    store.apply([{ type: "vOffline", data: { id: 1, offline: false } }]);
    expect(store.items.get("v:1")?.offline).toBe(false);
  });

  it("forgets the position of an item whose device was unassigned, keeping its custom state", () => {
    const store = new LiveItemsStore();
    store.apply([vPos(1, 7, 42), { type: "vCustomState", data: { id: 1, stateId: 3 } }]);
    store.startTrack("v:1");
    store.apply([{ type: "vEnded", data: { id: 1 } }]);
    const item = store.items.get("v:1")!;
    expect(item.pos).toBeNull();
    expect(item.customStateId).toBe(3);
    expect(motionClass(item)).toBe("noData");
    expect(store.track).toEqual([]);
  });
});
