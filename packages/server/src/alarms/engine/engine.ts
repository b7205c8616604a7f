import type { AlarmLogPos, LiveItemState, SensorValue } from "@vigia/domain";
import { type Zone, type ZoneIndex, ZoneTracker } from "../../places/index.ts";
import { appliesToItem, type CompiledRule, passesFilters } from "./rules.ts";

/**
 * The alarm engine's pure core: rules in, positions and clock ticks in, alarms out. No I/O and no clock of
 * its own; the service feeds it and persists what it decides (episodes, snapshots, notices).
 */

/** A position older than this when it is processed comes from a device's buffer: it updates state silently. */
export const STALE_MS = 10 * 60_000;
const TIMER_FAMILIES = new Set([11, 12, 13, 14, 15, 17]);
/** Timer families that describe what the item does right now: they need fresh data to be believed. */
const NEEDS_FRESH = new Set([11, 14, 17]);
/** Below this distance in the month, the average consumption is noise. */
export const CONSUMPTION_MIN_KM = 50;

export interface CompanyZones {
  geozones: ZoneIndex;
  pois: ZoneIndex;
  byId: Map<number, Zone>;
}

export interface ItemInput {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
  state: LiveItemState;
}

export interface PositionInput extends ItemInput {
  before: LiveItemState;
  position: {
    ts: number;
    lat: number;
    lng: number;
    alt: number;
    spd: number;
    satt: number;
    src: number;
    valid: boolean;
    attributes: Record<string, SensorValue>;
  };
}

export interface Fire {
  rule: CompiledRule;
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
  ts: number;
  event: string;
  params: Record<string, number>;
  pos: AlarmLogPos | null;
  /** Episode identity to persist, so the same episode never fires twice (also across restarts). */
  episode: { key: string; value: number } | null;
}

export interface EngineOutput {
  fires: Fire[];
  /** Episodes that ended (state family): the persisted marker must go. */
  cleared: string[];
}

interface Consumption {
  month: number;
  startOdometer: number;
  usedL: number;
  lastFuelPct: number | null;
}

export interface CompanySnapshot {
  geo: Record<string, number[]>;
  poi: Record<string, number[]>;
  motion: Record<string, { motion: string; since: number }>;
  consumption: Record<string, Consumption>;
}

class CompanyState {
  rules: CompiledRule[] = [];
  byItem = new Map<string, { groupId: number | null; rules: CompiledRule[] }>();
  zones: CompanyZones | null = null;
  geoTracker = new ZoneTracker();
  poiTracker = new ZoneTracker();
  inside = new Map<string, { geo: Set<number>; poi: Set<number> }>();
  /** When the item's current motion (idle, stopped, moving) began: `since` merges idling into stops. */
  motion = new Map<string, { motion: string; since: number }>();
  consumption = new Map<string, Consumption>();
  dirty = false;
}

const EMPTY: ReadonlySet<number> = new Set();
const itemKeyOf = (itemType: number, itemId: number) => `${itemType}:${itemId}`;
const monthOf = (ts: number): number => {
  const d = new Date(ts);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};

function posOf(state: LiveItemState): AlarmLogPos | null {
  const p = state.pos;
  return p ? { lat: p.lat, lng: p.lng, spd: p.spd, alt: p.alt, src: p.src, satt: p.satt } : null;
}

export class AlarmEngine {
  private readonly companies = new Map<number, CompanyState>();
  /** Persisted episode markers: `${ruleId}:${itemType}:${itemId}` → identity of the last fired episode. */
  readonly episodes = new Map<string, number>();
  /** Fuel tank litres per vehicle, for the consumption family. */
  readonly tanks = new Map<number, number>();

  private company(companyId: number): CompanyState {
    let c = this.companies.get(companyId);
    if (!c) {
      c = new CompanyState();
      this.companies.set(companyId, c);
    }
    return c;
  }

  setRules(companyId: number, rules: CompiledRule[]): void {
    const c = this.company(companyId);
    c.rules = rules;
    c.byItem.clear();
  }

  hasRules(companyId: number): boolean {
    return (this.companies.get(companyId)?.rules.length ?? 0) > 0;
  }

  setZones(companyId: number, zones: CompanyZones | null): void {
    this.company(companyId).zones = zones;
  }

  rulesFor(companyId: number, itemType: number, itemId: number, groupId: number | null): CompiledRule[] {
    const c = this.company(companyId);
    const key = itemKeyOf(itemType, itemId);
    const cached = c.byItem.get(key);
    if (cached && cached.groupId === groupId) return cached.rules;
    const rules = c.rules.filter((r) => appliesToItem(r, itemType, itemId, groupId));
    c.byItem.set(key, { groupId, rules });
    return rules;
  }

  /** Evaluates one applied position. `now` is the processing time; stale positions never fire. */
  onPosition(input: PositionInput, now: number): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const c = this.company(input.companyId);
    const key = itemKeyOf(input.itemType, input.itemId);
    const { position: p, state, before } = input;
    const stale = now - p.ts > STALE_MS || (before.pos !== null && before.pos.ts >= p.ts);
    this.trackMotion(c, key, before, state, p.ts);
    const zoneDelta = this.trackZones(c, key, input);
    const consumption = this.trackConsumption(c, key, input);
    if (stale) return out;
    const rules = this.rulesFor(input.companyId, input.itemType, input.itemId, input.groupId);
    if (rules.length === 0) return out;
    const view = this.view(c, key, state);
    const pos: AlarmLogPos = { lat: p.lat, lng: p.lng, spd: p.spd, alt: p.alt, src: p.src, satt: p.satt };
    const fire = (
      rule: CompiledRule,
      event: string,
      params: Record<string, number>,
      episode: number | null,
    ) => {
      if (!passesFilters(rule, view, p.ts)) return;
      const episodeKey = `${rule.id}:${key}`;
      out.fires.push({
        rule,
        companyId: input.companyId,
        itemType: input.itemType,
        itemId: input.itemId,
        groupId: input.groupId,
        ts: p.ts,
        event,
        params,
        pos,
        episode: episode === null ? null : { key: episodeKey, value: episode },
      });
      if (episode !== null) this.episodes.set(episodeKey, episode);
    };
    for (const rule of rules) {
      if (rule.family === 5 || rule.family === 6) {
        const delta = rule.family === 5 ? zoneDelta.geo : zoneDelta.poi;
        const prefix = rule.family === 5 ? "geozone" : "poi";
        if (rule.toIn)
          for (const id of delta.entered)
            if (rule.zoneTargets.has(id)) fire(rule, `${prefix}In`, { zoneId: id }, null);
        if (rule.toOut)
          for (const id of delta.exited)
            if (rule.zoneTargets.has(id)) fire(rule, `${prefix}Out`, { zoneId: id }, null);
      } else if (rule.family === 10) {
        this.evaluateState(
          rule,
          key,
          state,
          (event, params, episode) => fire(rule, event, params, episode),
          out,
        );
      } else if (rule.family === 19) {
        if (
          consumption &&
          consumption.avg > rule.value &&
          this.episodes.get(`${rule.id}:${key}`) !== consumption.month
        )
          fire(
            rule,
            "monthlyConsumption",
            { average: Math.round(consumption.avg * 10) / 10 },
            consumption.month,
          );
      } else if (TIMER_FAMILIES.has(rule.family)) {
        const timer = this.timerCondition(c, rule, key, state);
        if (
          timer &&
          p.ts - timer.start >= rule.value &&
          this.episodes.get(`${rule.id}:${key}`) !== timer.start
        )
          fire(rule, timer.event, { durationMs: p.ts - timer.start }, timer.start);
      }
    }
    return out;
  }

  /** The scheduler's pass over a company's items: time-based families and custom-state changes. */
  tick(companyId: number, items: Iterable<ItemInput>, now: number): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const c = this.company(companyId);
    if (c.rules.length === 0) return out;
    for (const item of items) {
      const rules = this.rulesFor(companyId, item.itemType, item.itemId, item.groupId);
      if (rules.length === 0) continue;
      const key = itemKeyOf(item.itemType, item.itemId);
      const fresh = item.state.pos !== null && now - item.state.pos.ts <= STALE_MS;
      let view: ReturnType<AlarmEngine["view"]> | null = null;
      for (const rule of rules) {
        const fire = (event: string, params: Record<string, number>, episode: number) => {
          view ??= this.view(c, key, item.state);
          if (!passesFilters(rule, view, now)) return;
          const episodeKey = `${rule.id}:${key}`;
          out.fires.push({
            rule,
            companyId,
            itemType: item.itemType,
            itemId: item.itemId,
            groupId: item.groupId,
            ts: now,
            event,
            params,
            pos: posOf(item.state),
            episode: { key: episodeKey, value: episode },
          });
          this.episodes.set(episodeKey, episode);
        };
        if (rule.family === 10) {
          this.evaluateState(rule, key, item.state, fire, out);
          continue;
        }
        if (!TIMER_FAMILIES.has(rule.family) || (NEEDS_FRESH.has(rule.family) && !fresh)) continue;
        const timer = this.timerCondition(c, rule, key, item.state);
        if (!timer || now - timer.start < rule.value) continue;
        if (this.episodes.get(`${rule.id}:${key}`) === timer.start) continue;
        fire(timer.event, { durationMs: now - timer.start }, timer.start);
      }
    }
    return out;
  }

  private evaluateState(
    rule: CompiledRule,
    key: string,
    state: LiveItemState,
    fire: (event: string, params: Record<string, number>, episode: number) => void,
    out: EngineOutput,
  ): void {
    const has = rule.stateTargets.has(state.customStateId);
    const holds = rule.stateLogic === 4 ? !has : has;
    const episodeKey = `${rule.id}:${key}`;
    const active = this.episodes.has(episodeKey);
    if (holds && !active) {
      fire(rule.stateLogic === 4 ? "stateUnequal" : "stateEqual", { stateId: state.customStateId }, 1);
    } else if (!holds && active) {
      this.episodes.delete(episodeKey);
      out.cleared.push(episodeKey);
    }
  }

  private timerCondition(
    c: CompanyState,
    rule: CompiledRule,
    key: string,
    state: LiveItemState,
  ): { start: number; event: string } | null {
    const since = state.since ?? state.pos?.ts ?? null;
    const own = c.motion.get(key);
    const ownSince = own && own.motion === state.motion ? own.since : since;
    switch (rule.family) {
      case 11:
        return state.motion === "idle" && ownSince !== null ? { start: ownSince, event: "idle" } : null;
      case 12:
        return state.pos ? { start: state.pos.ts, event: "offline" } : null;
      case 13:
        return state.motion !== "moving" && since !== null ? { start: since, event: "maxStop" } : null;
      case 14:
        return state.motion === "moving" && since !== null ? { start: since, event: "maxDriving" } : null;
      case 15:
        return state.motion === "stopped" && ownSince !== null
          ? { start: ownSince, event: "maxParked" }
          : null;
      case 17:
        return state.motion === "moving" && state.driverId === null && since !== null
          ? { start: since, event: "trackWithoutDriver" }
          : null;
      default:
        return null;
    }
  }

  private view(c: CompanyState, key: string, state: LiveItemState) {
    const inside = c.inside.get(key);
    return { state, geozones: inside?.geo ?? EMPTY, pois: inside?.poi ?? EMPTY };
  }

  private trackMotion(
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

  private trackZones(c: CompanyState, key: string, input: PositionInput) {
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

  /** Month-to-date fuel used (from falls of the tank level) over distance; refuels are not consumption. */
  private trackConsumption(
    c: CompanyState,
    key: string,
    input: PositionInput,
  ): { avg: number; month: number } | null {
    const fuel = input.position.attributes.fuel;
    const tank = input.itemType === 1 ? this.tanks.get(input.itemId) : undefined;
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

  snapshot(companyId: number): CompanySnapshot | null {
    const c = this.companies.get(companyId);
    if (!c?.dirty) return null;
    c.dirty = false;
    return {
      geo: c.geoTracker.snapshot(),
      poi: c.poiTracker.snapshot(),
      motion: Object.fromEntries(c.motion),
      consumption: Object.fromEntries(c.consumption),
    };
  }

  restore(companyId: number, s: CompanySnapshot): void {
    const c = this.company(companyId);
    c.geoTracker.restore(s.geo ?? {});
    c.poiTracker.restore(s.poi ?? {});
    c.inside.clear();
    for (const [key, ids] of Object.entries(s.geo ?? {}))
      c.inside.set(key, { geo: new Set(ids), poi: new Set(s.poi?.[key] ?? []) });
    for (const [key, ids] of Object.entries(s.poi ?? {}))
      if (!c.inside.has(key)) c.inside.set(key, { geo: new Set(), poi: new Set(ids) });
    c.motion = new Map(Object.entries(s.motion ?? {}));
    c.consumption = new Map(Object.entries(s.consumption ?? {}));
  }

  companyIds(): number[] {
    return [...this.companies.keys()];
  }
}
