import { heardBeacons, ITEM_TYPE, type LiveItemState, lowestZoneLimit } from "@vigia/domain";
import { ZoneTracker } from "../../places/index.ts";
import { type BeaconZoneIndex, beaconZoneDelta } from "./beacon-zones.ts";
import type { EpisodeState } from "./episodes.ts";
import type { CompiledRule } from "./rules.ts";
import type { CompanySnapshot, CompanyZones, Consumption, PositionInput } from "./types.ts";

/**
 * What the engine remembers per company between positions, and how each position moves it on: the item's
 * motion and since when, the zones it is inside (with hysteresis), the month's fuel consumption. Pure.
 */

/** Below this distance in the month, the average consumption is noise. */
export const CONSUMPTION_MIN_KM = 50;

export class CompanyState {
  rules: CompiledRule[] = [];
  /** Positions in `rules` of the rules naming an item (`${itemType}:${itemId}`) or a group (`${itemType}:g${groupId}`). */
  ruleIndex = new Map<string, number[]>();
  /** Per item: its rules and, in the same order, the episode keys (`${ruleId}:${itemKey}`), built once. */
  byItem = new Map<string, ItemRules>();
  zones: CompanyZones | null = null;
  geoTracker = new ZoneTracker();
  poiTracker = new ZoneTracker();
  inside = new Map<string, { geo: Set<number>; poi: Set<number> }>();
  /** When the item's current motion (idle, stopped, moving) began: `since` merges idling into stops. */
  motion = new Map<string, { motion: string; since: number }>();
  consumption = new Map<string, Consumption>();
  /** The company's beacon zones, loaded only while a rule of families 33/34 needs them. */
  beaconZones: BeaconZoneIndex | null = null;
  /** Per item: the beacon zones its last frame put it in. */
  beaconInside = new Map<string, Set<number>>();
  /** Episodes under way per rule and item (the episode key), by zone (0 for speed). */
  runs = new Map<string, Map<number, EpisodeState>>();
  dirty = false;
}

export interface ItemRules {
  groupId: number | null;
  rules: CompiledRule[];
  episodeKeys: string[];
}

const EMPTY: ReadonlySet<number> = new Set();
export const itemKeyOf = (itemType: number, itemId: number) => `${itemType}:${itemId}`;
const monthOf = (ts: number): number => {
  const d = new Date(ts);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};

/** The item as rule filters see it: its state and the zones it is inside. */
export function viewOf(c: CompanyState, key: string, state: LiveItemState) {
  const inside = c.inside.get(key);
  return { state, geozones: inside?.geo ?? EMPTY, pois: inside?.poi ?? EMPTY };
}

export type ItemView = ReturnType<typeof viewOf>;

/** The lowest speed limit of the geozones the item is inside (the speeding family's "zone limit"), or null. */
export function zoneSpeedLimit(c: CompanyState, key: string): number | null {
  const limits = c.zones?.speedLimits;
  const inside = c.inside.get(key)?.geo;
  if (!limits || !inside) return null;
  return lowestZoneLimit(inside, limits);
}

export function trackMotion(
  c: CompanyState,
  key: string,
  before: LiveItemState,
  after: LiveItemState,
  ts: number,
): void {
  const current = c.motion.get(key);
  if (current && current.motion === after.motion) return;
  // First sight of the item (or a restart without snapshot): the live state's own `since` is the best guess.
  const since = before.motion === after.motion && !current ? (after.since ?? ts) : ts;
  c.motion.set(key, { motion: after.motion, since });
  c.dirty = true;
}

export function trackZones(c: CompanyState, key: string, input: PositionInput) {
  const none = { entered: [] as number[], exited: [] as number[] };
  const result = { geo: none, poi: none };
  const p = input.position;
  // Only fixes the live state accepted (valid GPS, no jump) move an item between zones.
  if (!c.zones || !p.valid || input.state.pos?.ts !== p.ts) return result;
  const point = { lat: p.lat, lng: p.lng };
  result.geo = c.geoTracker.update(key, point, c.zones.geozones, c.zones.byId);
  result.poi = c.poiTracker.update(key, point, c.zones.pois, c.zones.byId);
  if (
    result.geo.entered.length +
    result.geo.exited.length +
    result.poi.entered.length +
    result.poi.exited.length
  ) {
    const inside = c.inside.get(key) ?? { geo: new Set<number>(), poi: new Set<number>() };
    for (const id of result.geo.entered) inside.geo.add(id);
    for (const id of result.geo.exited) inside.geo.delete(id);
    for (const id of result.poi.entered) inside.poi.add(id);
    for (const id of result.poi.exited) inside.poi.delete(id);
    c.inside.set(key, inside);
    c.dirty = true;
  }
  return result;
}

/** The beacon zones the frame moves the item into and out of (families 33/34). */
export function trackBeaconZones(c: CompanyState, key: string, input: PositionInput) {
  const zones = c.beaconZones;
  if (!zones) return { entered: [] as number[], exited: [] as number[] };
  const before = c.beaconInside.get(key) ?? new Set<number>();
  const delta = beaconZoneDelta(before, heardBeacons(input.position.attributes), zones);
  if (delta.entered.length + delta.exited.length > 0) {
    if (delta.inside.size > 0) c.beaconInside.set(key, delta.inside);
    else c.beaconInside.delete(key);
    c.dirty = true;
  }
  return delta;
}

/** Month-to-date fuel used (from falls of the tank level) over distance; refuels are not consumption. */
export function trackConsumption(
  c: CompanyState,
  key: string,
  input: PositionInput,
  tanks: ReadonlyMap<number, number>,
): { avg: number; month: number } | null {
  const fuel = input.position.attributes.fuel;
  const tank = input.itemType === ITEM_TYPE.vehicle ? tanks.get(input.itemId) : undefined;
  if (typeof fuel !== "number" || !tank) return null;
  const month = monthOf(input.position.ts);
  let m = c.consumption.get(key);
  if (!m || m.month !== month) {
    m = { month, startOdometer: input.state.odometer, usedL: 0, lastFuelPct: fuel };
    c.consumption.set(key, m);
  }
  if (m.lastFuelPct !== null && fuel < m.lastFuelPct) m.usedL += ((m.lastFuelPct - fuel) * tank) / 100;
  m.lastFuelPct = fuel;
  c.dirty = true;
  const km = (input.state.odometer - m.startOdometer) / 1000;
  return km >= CONSUMPTION_MIN_KM ? { avg: (m.usedL / km) * 100, month } : null;
}

/** The company's tracking to persist, or null when nothing changed since the last one. */
export function snapshotCompany(c: CompanyState): CompanySnapshot | null {
  if (!c.dirty) return null;
  c.dirty = false;
  return {
    geo: c.geoTracker.snapshot(),
    poi: c.poiTracker.snapshot(),
    motion: Object.fromEntries(c.motion),
    consumption: Object.fromEntries(c.consumption),
    beacon: Object.fromEntries([...c.beaconInside].map(([key, ids]) => [key, [...ids]])),
    runs: Object.fromEntries([...c.runs].map(([key, runs]) => [key, Object.fromEntries(runs)])),
  };
}

export function restoreCompany(c: CompanyState, s: CompanySnapshot): void {
  c.geoTracker.restore(s.geo ?? {});
  c.poiTracker.restore(s.poi ?? {});
  c.inside.clear();
  for (const [key, ids] of Object.entries(s.geo ?? {}))
    c.inside.set(key, { geo: new Set(ids), poi: new Set(s.poi?.[key] ?? []) });
  for (const [key, ids] of Object.entries(s.poi ?? {}))
    if (!c.inside.has(key)) c.inside.set(key, { geo: new Set(), poi: new Set(ids) });
  c.motion = new Map(Object.entries(s.motion ?? {}));
  c.consumption = new Map(Object.entries(s.consumption ?? {}));
  c.beaconInside = new Map(Object.entries(s.beacon ?? {}).map(([key, ids]) => [key, new Set(ids)]));
  c.runs = new Map(
    Object.entries(s.runs ?? {}).map(([key, runs]) => [
      key,
      new Map(Object.entries(runs).map(([sub, run]) => [Number(sub), run])),
    ]),
  );
}
