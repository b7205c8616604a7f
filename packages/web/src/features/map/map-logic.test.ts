import {
  DEFAULT_MAP_CONFIG,
  type DrivingEvent,
  emptyLiveItemState,
  type LiveItemState,
  type MapConfig,
} from "@vigia/domain";
import { describe, expect, it } from "vitest";
import type { LiveKey } from "../../platform/live/store.ts";
import { allowedGroups, buildCatalog, matchesList } from "./catalog.ts";
import { accuracyAtZoom0, boundsOf, ItemFeatures, type MapView } from "./features.ts";
import { chartGranularity, dayRange, routeEvents, timeTicks } from "./route.ts";
import { DEFAULT_MAP_FILTERS, readMapSettings, settingsKey, writeMapSettings } from "./settings.ts";
import { badgeIconId, glyphFor, headingIconId, intrackMarker, parseBadgeIconId } from "./symbols.ts";
import { windowRange } from "./windowing.ts";

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe("map settings persistence", () => {
  it("defaults to every filter and flag on", () => {
    const s = readMapSettings(memory(), 1);
    expect(s.filters).toEqual(DEFAULT_MAP_FILTERS);
    expect(s.config).toEqual(DEFAULT_MAP_CONFIG);
  });
  it("round-trips per company", () => {
    const store = memory();
    const s = readMapSettings(store, 1);
    writeMapSettings(store, 1, {
      ...s,
      filters: { ...s.filters, assets: false },
      config: { ...s.config, cluster: false },
    });
    expect(readMapSettings(store, 1).filters.assets).toBe(false);
    expect(readMapSettings(store, 1).config.cluster).toBe(false);
    expect(readMapSettings(store, 2).filters.assets).toBe(true);
  });
  it.each([
    ["not json", "{"],
    ["wrong types", JSON.stringify({ filters: { assets: "no" }, config: { stops: 0 } })],
    ["unknown keys", JSON.stringify({ filters: { evil: false }, config: null })],
  ])("ignores %s", (_n, raw) => {
    const store = memory();
    store.setItem(settingsKey(3), raw);
    const s = readMapSettings(store, 3);
    expect(s.filters).toEqual(DEFAULT_MAP_FILTERS);
    expect(s.config).toEqual(DEFAULT_MAP_CONFIG);
  });
});

describe("icon choice", () => {
  it.each([
    ["vehicle", "truck", "truck"],
    ["vehicle", "boxVan", "van"],
    ["vehicle", "motorcycle", "motorcycle"],
    ["vehicle", "spaceship", "vehicle"],
    ["vehicle", undefined, "vehicle"],
    ["asset", "container", "container"],
    ["asset", "cattle", "pet"],
    ["asset", "", "asset"],
    ["person", "car", "person"],
  ] as const)("%s %s → %s", (kind, type, glyph) => expect(glyphFor(kind, type)).toBe(glyph));

  it.each([
    ["vehicle", false, "moving", "stop"],
    ["vehicle", true, "idle", "play-warning"],
    ["vehicle", true, "moving", "play-success"],
    ["vehicle", true, "stopped", "play-muted"],
    ["vehicle", null, "moving", "none"],
    ["asset", true, "moving", "none"],
  ] as const)("%s intrack %s %s → %s", (kind, intrack, motion, marker) =>
    expect(intrackMarker(kind, intrack, motion)).toBe(marker),
  );

  it("round-trips badge ids and rejects others", () => {
    expect(parseBadgeIconId(badgeIconId("bus", "idle", "stop"))).toEqual({
      glyph: "bus",
      motion: "idle",
      marker: "stop",
    });
    expect(parseBadgeIconId("b|rocket|idle|none")).toBeNull();
    expect(parseBadgeIconId("other")).toBeNull();
  });

  it.each([
    ["moving", "heading|moving"],
    ["idle", ""],
    ["offline", ""],
  ] as const)("heading for %s", (motion, id) => expect(headingIconId(motion)).toBe(id));
});

const ev = (kind: string): DrivingEvent => ({ kind, ts: 0, lat: 0, lng: 0, spd: 0 });
const config = (patch: Partial<MapConfig>): MapConfig => ({ ...DEFAULT_MAP_CONFIG, ...patch });

describe("route events", () => {
  it.each([
    ["all flags on", config({}), 4],
    ["no sharp turns", config({ fast_sharp_turn: false }), 3],
    ["no braking", config({ hard_braking: false }), 3],
    ["no acceleration", config({ fast_acceleration: false }), 3],
    [
      "none of the three",
      config({ fast_sharp_turn: false, hard_braking: false, fast_acceleration: false }),
      1,
    ],
  ])("%s", (_n, cfg, count) => {
    const events = [ev("sharpTurn"), ev("harshBraking"), ev("harshAcceleration"), ev("overspeed")];
    expect(routeEvents(events, cfg).shown).toHaveLength(count);
  });
  it.each([
    [499, 499, false],
    [500, 500, false],
    [501, 500, true],
    [2000, 500, true],
  ])("%i events → %i drawn, over limit %s", (n, drawn, over) => {
    const result = routeEvents(
      Array.from({ length: n }, () => ev("harshBraking")),
      config({}),
    );
    expect(result.shown).toHaveLength(drawn);
    expect(result.overLimit).toBe(over);
  });
  it("caps after filtering", () => {
    const events = [...Array.from({ length: 600 }, () => ev("sharpTurn")), ev("harshBraking")];
    expect(routeEvents(events, config({ fast_sharp_turn: false }))).toMatchObject({ overLimit: false });
  });
});

describe("chart granularity and day range", () => {
  const H = 3_600_000;
  it.each([
    [H, "hour"],
    [48 * H, "hour"],
    [48 * H + 1, "day"],
  ] as const)("%i ms → %s", (span, g) => expect(chartGranularity(0, span)).toBe(g));

  it("covers the calendar day in the zone and ends today at now", () => {
    const { from, to } = dayRange("2024-03-10", "Europe/Madrid", Date.UTC(2024, 4, 1));
    expect(from).toBe(Date.UTC(2024, 2, 9, 23));
    expect(to).toBe(Date.UTC(2024, 2, 10, 23) - 1);
    const now = Date.UTC(2024, 2, 10, 12);
    expect(dayRange("2024-03-10", "Europe/Madrid", now).to).toBe(now);
  });
});

describe("windowRange", () => {
  it.each([
    [0, 300, 30, 1000, 2, { start: 0, end: 13, offsetTop: 0, totalHeight: 30000 }],
    [3000, 300, 30, 1000, 2, { start: 98, end: 113, offsetTop: 2940, totalHeight: 30000 }],
    [29700, 300, 30, 1000, 2, { start: 988, end: 1000, offsetTop: 29640, totalHeight: 30000 }],
    [0, 300, 30, 0, 2, { start: 0, end: 0, offsetTop: 0, totalHeight: 0 }],
    [-50, 300, 30, 5, 2, { start: 0, end: 5, offsetTop: 0, totalHeight: 150 }],
  ])("scroll %i view %i row %i count %i", (top, view, row, count, over, expected) =>
    expect(windowRange(top, view, row, count, over)).toEqual(expected),
  );
});

describe("catalogue and groups", () => {
  const data = {
    groups: {
      1: { id: 1, name: "Acme", parentId: null },
      2: { id: 2, name: "Madrid", parentId: 1 },
      3: { id: 3, name: "Norte", parentId: 2 },
      4: { id: 4, name: "Toledo", parentId: 99 },
    },
    vehicles: { 10: { id: 10, plate: "1234-ABC", name: "Van 2", type: "van", group: 3, intrack: true } },
    assets: { 20: { id: 20, name: "Box", type: "box", group: 4 } },
    persons: [{ id: 30, name: "Ana", group: 2 }],
    drivers: { 5: { id: 5, name: "Luis" } },
  };
  const catalog = buildCatalog(data);

  it("reads every kind and the drivers", () => {
    expect(catalog.ordered.map((i) => i.key)).toEqual(["v:10", "a:20", "p:30"]);
    expect(catalog.drivers.get(5)).toBe("Luis");
    expect(catalog.items.get("v:10")).toMatchObject({ sub: "1234-ABC", intrack: true, groupId: 3 });
  });
  it.each([
    [[], null],
    [[1], [1, 2, 3]],
    [[2], [2, 3]],
    [[4], [4]],
  ])("groups %j allow %j", (selected, allowed) => {
    const result = allowedGroups(catalog.groups, selected);
    expect(result === null ? null : [...result].sort()).toEqual(allowed);
  });
  it.each([
    ["", null, 3],
    ["van", null, 1],
    ["1234", null, 1],
    ["", [2], 2],
  ] as const)("search %s groups %j → %i", (search, groups, count) => {
    const allowed = groups ? allowedGroups(catalog.groups, [...groups]) : null;
    const kinds = { vehicle: true, asset: true, person: true };
    expect(catalog.ordered.filter((i) => matchesList(i, i.groupId, kinds, allowed, search))).toHaveLength(
      count,
    );
  });
});

const state = (id: number, lat: number, patch: Partial<LiveItemState> = {}): LiveItemState => ({
  ...emptyLiveItemState(1, id, 3),
  pos: {
    ts: 1000,
    receivedTs: 1000,
    lat,
    lng: -3,
    alt: 600,
    spd: 50,
    course: 90,
    satt: 9,
    valid: true,
    src: 1,
  },
  motion: "moving",
  ignition: true,
  driverId: 5,
  intrack: true,
  ...patch,
});

describe("ItemFeatures", () => {
  const catalog = buildCatalog({
    vehicles: { 1: { id: 1, name: "Truck 1", type: "truck" }, 2: { id: 2, name: "Car 2", type: "car" } },
    drivers: { 5: { id: 5, name: "Luis" } },
  });
  const view: MapView = {
    kinds: { vehicle: true, asset: true, person: true },
    groups: null,
    showNames: true,
    showDrivers: true,
  };

  it("draws items with a position, reusing features on update", () => {
    const f = new ItemFeatures();
    const items = new Map<LiveKey, LiveItemState>([
      ["v:1", state(1, 40)],
      ["v:2", state(2, 41, { pos: null })],
    ]);
    f.rebuild(items, catalog, view);
    expect(f.size).toBe(1);
    const feature = f.collection.features[0]!;
    expect(feature.properties).toMatchObject({
      icon: "b|truck|moving|play-success",
      heading: "heading|moving",
      course: 90,
      label: "Truck 1\nLuis",
    });
    f.update("v:1", state(1, 42, { motion: "idle" }), catalog, view);
    expect(f.collection.features[0]).toBe(feature);
    expect(feature.geometry.coordinates[1]).toBe(42);
    expect(feature.properties.heading).toBe("");
  });

  it("swap-removes items that stop being drawn", () => {
    const f = new ItemFeatures();
    for (const id of [1, 2, 3]) f.update(`v:${id}`, state(id, 40 + id), catalog, view);
    f.update("v:1", state(1, 40), catalog, { ...view, kinds: { ...view.kinds, vehicle: false } });
    expect(f.collection.features.map((x) => x.properties.key)).toEqual(["v:3", "v:2"]);
    f.update("v:2", undefined, catalog, view);
    expect(f.collection.features.map((x) => x.properties.key)).toEqual(["v:3"]);
    expect(f.has("v:3")).toBe(true);
  });

  it("hides names and filters by group", () => {
    const f = new ItemFeatures();
    f.update("v:1", state(1, 40), catalog, { ...view, showNames: false });
    expect(f.collection.features[0]!.properties.label).toBe("");
    f.update("v:1", state(1, 40), catalog, { ...view, groups: new Set([7]) });
    expect(f.size).toBe(0);
  });

  it("bounds", () => {
    const f = new ItemFeatures();
    f.update("v:1", state(1, 40), catalog, view);
    f.update("v:2", state(2, 42), catalog, view);
    expect(boundsOf(f.collection.features)).toEqual([-3, 40, -3, 42]);
    expect(boundsOf([])).toBeNull();
  });
});

describe("timeTicks", () => {
  const M = 60_000;
  it.each([
    ["20 min span, 5 min steps", 0, 20 * M, 0, [0, 5, 10, 15, 20]],
    ["unaligned start rounds up", 2 * M, 22 * M, 0, [5, 10, 15, 20]],
    ["6 h span, hourly", 0, 6 * 60 * M, 0, [0, 60, 120, 180, 240, 300, 360]],
    ["zone offset aligns to local hours", 0, 6 * 60 * M, 30, [30, 90, 150, 210, 270, 330]],
    ["empty span", 10, 10, 0, []],
  ])("%s", (_n, start, end, offset, minutes) =>
    expect(timeTicks(start, end, offset).map((t) => t / M)).toEqual(minutes),
  );
  it("never gives more than 8 ticks over 3 days", () => {
    expect(timeTicks(0, 3 * 86_400_000, 0).length).toBeLessThanOrEqual(8);
  });
});

describe("accuracy circle", () => {
  const pos = {
    ts: 0,
    receivedTs: 0,
    lat: 0,
    lng: 0,
    alt: 0,
    spd: 0,
    course: 0,
    satt: 0,
    valid: false,
    src: 3 as const,
  };
  it.each([
    ["no position", null, 0],
    ["a GPS fix", { ...pos, src: 1 as const }, 0],
    ["one pixel at zoom 0 on the equator", { ...pos, acc: 40_075_016.686 / 512 }, 1],
    ["twice as many pixels at 60° north", { ...pos, lat: 60, acc: 40_075_016.686 / 512 }, 2],
  ])("%s", (_name, position, pixels) => {
    expect(accuracyAtZoom0(position)).toBeCloseTo(pixels, 9);
  });
});
