import { heardBeacons, ITEM_TYPE, type LiveItemState, lowestZoneLimit } from "@vigia/domain";
import { ZoneTracker } from "../../places/index.ts";
import { type BeaconZoneIndex, beaconZoneDelta } from "./beacon-zones.ts";
import type { EpisodeState } from "./episodes.ts";
import type { ItemRules } from "./item-rules.ts";
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
  /** Per item (`itemRulesKey`): its rules, split by family, built once. */
  byItem = new Map<number, ItemRules>();
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
  /** How many of `runs` each item (its key) has: an item with none skips every lookup in `runs`. */
  runsPerItem = new Map<string, number>();
  dirty = false;
}

const EMPTY: ReadonlySet<number> = new Set();
export const itemKeyOf = (itemType: number, itemId: number) => `${itemType}:${itemId}`;
/** The UTC month of the last answer and its bounds: consecutive positions almost always fall in the same month. */
let month = { from: 0, to: 0, value: 0 };
const monthOf = (ts: number): number => {
  if (ts >= month.from && ts < month.to) return month.value;
  const d = new Date(ts);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  month = { from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1), value: y * 100 + m + 1 };
  return month.value;
};

/** Zones an item entered and left with one position. */
export interface ZoneDelta {
  entered: readonly number[];
  exited: readonly number[];
}
const NO_DELTA: ZoneDelta = Object.freeze({ entered: Object.freeze([]), exited: Object.freeze([]) });
const NO_ZONE_CHANGE: { geo: ZoneDelta; poi: ZoneDelta } = Object.freeze({ geo: NO_DELTA, poi: NO_DELTA });

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

/** Moves the item's tracked motion on with a position; answers it (the timer families read it next). */
export function trackMotion(
  c: CompanyState,
  key: string,
  before: LiveItemState,
  after: LiveItemState,
  ts: number,
): { motion: string; since: number } {
  const current = c.motion.get(key);
  if (current && current.motion === after.motion) return current;
  // First sight of the item (or a restart without snapshot): the live state's own `since` is the best guess.
  const since = before.motion === after.motion && !current ? (after.since ?? ts) : ts;
  const next = { motion: after.motion, since };
  c.motion.set(key, next);
  c.dirty = true;
  return next;
}

export function trackZones(
  c: CompanyState,
  key: string,
  input: PositionInput,
): { geo: ZoneDelta; poi: ZoneDelta } {
  const p = input.position;
  // Only fixes the live state accepted (valid GPS, no jump) move an item between zones.
  if (!c.zones || !p.valid || input.state.pos?.ts !== p.ts) return NO_ZONE_CHANGE;
  const geo = c.geoTracker.update(key, p, c.zones.geozones, c.zones.byId);
  const poi = c.poiTracker.update(key, p, c.zones.pois, c.zones.byId);
  if (geo.entered.length + geo.exited.length + poi.entered.length + poi.exited.length === 0)
    return NO_ZONE_CHANGE;
  const inside = c.inside.get(key) ?? { geo: new Set<number>(), poi: new Set<number>() };
  for (const id of geo.entered) inside.geo.add(id);
  for (const id of geo.exited) inside.geo.delete(id);
  for (const id of poi.entered) inside.poi.add(id);
  for (const id of poi.exited) inside.poi.delete(id);
  c.inside.set(key, inside);
  c.dirty = true;
  return { geo, poi };
}

/** The beacon zones the frame moves the item into and out of (families 33/34). */
export function trackBeaconZones(c: CompanyState, key: string, input: PositionInput): ZoneDelta {
  const zones = c.beaconZones;
  if (!zones) return NO_DELTA;
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

/** Keeps the item's episodes under way for one rule (a map that just got its first one). */
export function keepRuns(
  c: CompanyState,
  itemKey: string,
  episodeKey: string,
  runs: Map<number, EpisodeState>,
): void {
  if (!c.runs.has(episodeKey)) c.runsPerItem.set(itemKey, (c.runsPerItem.get(itemKey) ?? 0) + 1);
  c.runs.set(episodeKey, runs);
}

/** Drops the item's episodes of one rule (none is under way any more). */
export function dropRuns(c: CompanyState, itemKey: string, episodeKey: string): void {
  if (!c.runs.delete(episodeKey)) return;
  const left = (c.runsPerItem.get(itemKey) ?? 1) - 1;
  if (left > 0) c.runsPerItem.set(itemKey, left);
  else c.runsPerItem.delete(itemKey);
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
  // Episode keys are `${ruleId}:${itemKey}`.
  c.runsPerItem.clear();
  for (const key of c.runs.keys()) {
    const itemKey = key.slice(key.indexOf(":") + 1);
    c.runsPerItem.set(itemKey, (c.runsPerItem.get(itemKey) ?? 0) + 1);
  }
}
