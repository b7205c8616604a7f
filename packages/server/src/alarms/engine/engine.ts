import { type AlarmLogPos, EVENT_FAMILY, ITEM_TYPE, type LiveItemState } from "@vigia/domain";
import type { BeaconZoneIndex } from "./beacon-zones.ts";
import { evaluateState, NEEDS_FRESH, STALE_MS, TIMER_FAMILIES, timerCondition } from "./conditions.ts";
import { type EpisodeOutcome, type EpisodeView, stepEpisodes } from "./episode-families.ts";
import type { EpisodeState } from "./episodes.ts";
import { EVENT_FAMILIES, type EventHit, type EventView, type VirtualLock } from "./event-families.ts";
import { type CompanyItineraries, ItineraryFollower, type StoredItineraryDay } from "./itinerary-family.ts";
import { appliesToItem, type CompiledRule, passesFilters } from "./rules.ts";
import {
  CompanyState,
  type ItemRules,
  type ItemView,
  itemKeyOf,
  restoreCompany,
  snapshotCompany,
  trackBeaconZones,
  trackConsumption,
  trackMotion,
  trackZones,
  viewOf,
  zoneSpeedLimit,
} from "./tracking.ts";
import type {
  CompanySnapshot,
  CompanyZones,
  EngineOutput,
  Fire,
  ItemInput,
  NoticeUpdate,
  PositionInput,
} from "./types.ts";

export type { BeaconZoneIndex } from "./beacon-zones.ts";
export { STALE_MS } from "./conditions.ts";
export type { CompanyItineraries, ItineraryPlan, StoredItineraryDay } from "./itinerary-family.ts";
export type {
  CompanySnapshot,
  CompanyZones,
  EngineOutput,
  Fire,
  ItemInput,
  NoticeUpdate,
  PositionInput,
} from "./types.ts";

/**
 * The alarm engine's pure core: rules in, positions and clock ticks in, alarms out. No I/O and no clock of
 * its own; the service feeds it and persists what it decides (episodes, snapshots, notices). What it tracks
 * per company is in `tracking.ts`, when each family holds in `conditions.ts`.
 */

const EMPTY: ReadonlySet<number> = new Set();

/** A company's rules and places as one engine holds them; another engine (buffered data) is set up from it. */
export interface CompanySetup {
  rules: CompiledRule[];
  zones: CompanyZones | null;
  beaconZones: BeaconZoneIndex | null;
}
/** The zone trackers confirm an entry over this many fixes (their default hysteresis), which the episode counts. */
const ZONE_FIXES = 2;

/**
 * Steps the item's episodes under way for one rule. Most rule and item pairs have none: they get a scratch map that
 * is kept only when an episode starts, so the engine holds (and the collector walks) maps for running episodes only.
 */
function stepRuns(
  c: CompanyState,
  episodeKey: string,
  step: (runs: Map<number, EpisodeState>) => EpisodeOutcome,
): EpisodeOutcome {
  const kept = c.runs.get(episodeKey);
  const runs = kept ?? scratchRuns;
  const o = step(runs);
  if (kept !== undefined || runs.size > 0) c.dirty = true;
  if (kept === undefined && runs.size > 0) {
    c.runs.set(episodeKey, runs);
    scratchRuns = new Map();
  } else if (kept !== undefined && runs.size === 0) c.runs.delete(episodeKey);
  return o;
}
let scratchRuns = new Map<number, EpisodeState>();

/** Notice updates of an episode outcome, for the item. */
function noticeUpdates(rule: CompiledRule, item: Pick<ItemInput, "itemType" | "itemId">, o: EpisodeOutcome) {
  return o.updates.map(
    (u): NoticeUpdate => ({
      ruleId: rule.id,
      itemType: item.itemType,
      itemId: item.itemId,
      noticeTs: u.noticeTs,
      episode: {
        start: u.start,
        end: u.end,
        ...(u.params.speed === undefined ? {} : { maxSpeed: u.params.speed }),
      },
      params: u.params,
    }),
  );
}

export function posOf(state: LiveItemState): AlarmLogPos | null {
  const p = state.pos;
  return p ? { lat: p.lat, lng: p.lng, spd: p.spd, alt: p.alt, src: p.src, satt: p.satt } : null;
}

export class AlarmEngine {
  private readonly companies = new Map<number, CompanyState>();
  /** Persisted episode markers: `${ruleId}:${itemType}:${itemId}` → identity of the last fired episode. */
  readonly episodes = new Map<string, number>();
  /** Virtual locks armed on items, `${itemType}:${itemId}` → where and how far (the virtualLock family). */
  readonly locks = new Map<string, VirtualLock>();
  /** Fuel tank litres per vehicle, for the consumption family. */
  readonly tanks = new Map<number, number>();
  /** Each company's itineraries with the vehicles that run them (the itinerary family). */
  readonly itineraries = new Map<number, CompanyItineraries>();
  private readonly follower = new ItineraryFollower();
  /** Scratch: an item's running timer by family; it depends on the item and the family only, not the rule. */
  private readonly timers = new Map<number, { start: number; event: string } | null>();

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
    // Which rules name which item or group, so an item's rules come from a few lookups, not a pass over all.
    c.ruleIndex.clear();
    const file = (key: string, at: number) => {
      const list = c.ruleIndex.get(key);
      if (list) list.push(at);
      else c.ruleIndex.set(key, [at]);
    };
    rules.forEach((rule, at) => {
      for (const id of rule.itemIds) file(`${rule.itemType}:${id}`, at);
      for (const id of rule.groupIds) file(`${rule.itemType}:g${id}`, at);
    });
  }

  /** What the company's rules are judged against: the compiled rules, places and beacon zones last set. */
  setupOf(companyId: number): CompanySetup {
    const c = this.company(companyId);
    return { rules: c.rules, zones: c.zones, beaconZones: c.beaconZones };
  }

  hasRules(companyId: number): boolean {
    return (this.companies.get(companyId)?.rules.length ?? 0) > 0;
  }

  /** Whether one of the company's rules belongs to one of the families. */
  hasFamily(companyId: number, families: ReadonlySet<number>): boolean {
    return this.companies.get(companyId)?.rules.some((r) => families.has(r.family)) ?? false;
  }

  setZones(companyId: number, zones: CompanyZones | null): void {
    this.company(companyId).zones = zones;
  }

  /** The company's beacon zones (null: no rule needs them, nothing is tracked). */
  setBeaconZones(companyId: number, zones: BeaconZoneIndex | null): void {
    const c = this.company(companyId);
    c.beaconZones = zones;
    if (zones === null && c.beaconInside.size > 0) {
      c.beaconInside.clear();
      c.dirty = true;
    }
  }

  rulesFor(companyId: number, itemType: number, itemId: number, groupId: number | null): CompiledRule[] {
    return this.itemRules(this.company(companyId), itemType, itemId, groupId).rules;
  }

  private itemRules(c: CompanyState, itemType: number, itemId: number, groupId: number | null): ItemRules {
    const key = itemKeyOf(itemType, itemId);
    const cached = c.byItem.get(key);
    if (cached && cached.groupId === groupId) return cached;
    const direct = c.ruleIndex.get(key) ?? [];
    const viaGroup = groupId === null ? [] : (c.ruleIndex.get(`${itemType}:g${groupId}`) ?? []);
    // Rule order is kept (a rule naming the item and its group counts once).
    const at = direct.length === 0 ? viaGroup : [...new Set([...direct, ...viaGroup])].sort((a, b) => a - b);
    const rules = at
      .map((i) => c.rules[i] as CompiledRule)
      .filter((r) => appliesToItem(r, itemType, itemId, groupId));
    const entry: ItemRules = { groupId, rules, episodeKeys: rules.map((r) => `${r.id}:${key}`) };
    c.byItem.set(key, entry);
    return entry;
  }

  /** Evaluates one applied position. `now` is the processing time; stale positions never fire. */
  onPosition(input: PositionInput, now: number): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const c = this.company(input.companyId);
    const key = itemKeyOf(input.itemType, input.itemId);
    const { position: p, state, before } = input;
    const stale = now - p.ts > STALE_MS || (before.pos !== null && before.pos.ts >= p.ts);
    trackMotion(c, key, before, state, p.ts);
    const zoneDelta = trackZones(c, key, input);
    const beaconDelta = trackBeaconZones(c, key, input);
    const consumption = trackConsumption(c, key, input, this.tanks);
    if (stale) return out;
    const { rules, episodeKeys } = this.itemRules(c, input.itemType, input.itemId, input.groupId);
    if (rules.length === 0) return out;
    // Most positions fire nothing: the filter view and the logged position are built on the first fire only.
    let view: ItemView | null = null;
    let pos: AlarmLogPos | null = null;
    let episodeKey = "";
    const fire = (
      rule: CompiledRule,
      event: string,
      params: Record<string, number>,
      episode: number | null,
      span?: Fire["span"],
    ) => {
      view ??= viewOf(c, key, state);
      if (!passesFilters(rule, view, p.ts)) return;
      pos ??= { lat: p.lat, lng: p.lng, spd: p.spd, alt: p.alt, src: p.src, satt: p.satt };
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
        ...(span ? { span } : {}),
      });
      if (episode !== null) this.episodes.set(episodeKey, episode);
    };
    let events: EventView | null = null;
    let episodeView: EpisodeView | null = null;
    // Taken once per position however many itinerary rules cover the item: the day's stays advance once.
    let itineraryHits: EventHit[] | null = null;
    let stateRule = rules[0] as CompiledRule;
    const fireState = (event: string, params: Record<string, number>, episode: number) =>
      fire(stateRule, event, params, episode);
    this.timers.clear();
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r] as CompiledRule;
      episodeKey = episodeKeys[r] as string;
      const eventFamily = EVENT_FAMILIES.get(rule.family);
      if (rule.timing) {
        const inside = c.inside.get(key);
        episodeView ??= {
          spd: p.spd,
          beforeSpd: before.pos?.spd ?? 0,
          zoneLimit: zoneSpeedLimit(c, key),
          geo: { inside: inside?.geo ?? EMPTY, entered: zoneDelta.geo.entered, confirmedOver: ZONE_FIXES },
          poi: { inside: inside?.poi ?? EMPTY, entered: zoneDelta.poi.entered, confirmedOver: ZONE_FIXES },
          beacon: { inside: c.beaconInside.get(key) ?? EMPTY, entered: beaconDelta.entered },
        };
        const view = episodeView;
        const o = stepRuns(c, episodeKey, (runs) => stepEpisodes(rule, runs, { view, ts: p.ts }));
        for (const f of o.fires) fire(rule, f.event, f.params, null, f.span);
        if (o.updates.length > 0) out.updates = [...(out.updates ?? []), ...noticeUpdates(rule, input, o)];
      } else if (rule.family === EVENT_FAMILY.itinerary) {
        const plans = this.itineraries.get(input.companyId);
        if (input.itemType === ITEM_TYPE.vehicle && plans)
          itineraryHits ??= this.follower.onPosition(input.companyId, plans, input.itemId, p);
        for (const hit of itineraryHits ?? []) fire(rule, hit.event, hit.params, null);
      } else if (eventFamily) {
        events ??= {
          before,
          after: state,
          attributes: p.attributes,
          spd: p.spd,
          zoneLimit: zoneSpeedLimit(c, key),
          lock: this.locks.get(key) ?? null,
        };
        for (const hit of eventFamily(rule.value, events)) fire(rule, hit.event, hit.params, null);
      } else if (rule.family === 10) {
        stateRule = rule;
        evaluateState(this.episodes, rule, episodeKey, state, fireState, out);
      } else if (rule.family === 19) {
        if (
          consumption &&
          consumption.avg > rule.value &&
          this.episodes.get(episodeKey) !== consumption.month
        )
          fire(
            rule,
            "monthlyConsumption",
            { average: Math.round(consumption.avg * 10) / 10 },
            consumption.month,
          );
      } else if (TIMER_FAMILIES.has(rule.family)) {
        let timer = this.timers.get(rule.family);
        if (timer === undefined) {
          timer = timerCondition(c, rule, key, state);
          this.timers.set(rule.family, timer);
        }
        if (timer && p.ts - timer.start >= rule.value && this.episodes.get(episodeKey) !== timer.start)
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
    // One closure for the whole pass; the loop below sets what it fires about.
    let item: ItemInput;
    let key = "";
    let rule: CompiledRule;
    let episodeKey = "";
    let view: ItemView | null = null;
    const fire = (
      event: string,
      params: Record<string, number>,
      episode: number | null,
      span?: Fire["span"],
    ) => {
      view ??= viewOf(c, key, item.state);
      if (!passesFilters(rule, view, now)) return;
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
        episode: episode === null ? null : { key: episodeKey, value: episode },
        ...(span ? { span } : {}),
      });
      if (episode !== null) this.episodes.set(episodeKey, episode);
    };
    const timers = this.timers;
    for (item of items) {
      const { rules, episodeKeys } = this.itemRules(c, item.itemType, item.itemId, item.groupId);
      if (rules.length === 0) continue;
      key = itemKeyOf(item.itemType, item.itemId);
      const fresh = item.state.pos !== null && now - item.state.pos.ts <= STALE_MS;
      view = null;
      timers.clear();
      for (let r = 0; r < rules.length; r++) {
        rule = rules[r] as CompiledRule;
        episodeKey = episodeKeys[r] as string;
        if (rule.family === 10) {
          evaluateState(this.episodes, rule, episodeKey, item.state, fire, out);
          continue;
        }
        const runs = rule.timing ? c.runs.get(episodeKey) : undefined;
        if (runs && runs.size > 0) {
          // Reminders need the item to be reporting; an end needs only the time.
          const o = stepEpisodes(rule, runs, { now, remind: fresh });
          if (runs.size === 0) c.runs.delete(episodeKey);
          c.dirty = true;
          for (const f of o.fires) fire(f.event, f.params, null, f.span);
          if (o.updates.length > 0) out.updates = [...(out.updates ?? []), ...noticeUpdates(rule, item, o)];
          continue;
        }
        if (!TIMER_FAMILIES.has(rule.family) || (NEEDS_FRESH.has(rule.family) && !fresh)) continue;
        let timer = timers.get(rule.family);
        if (timer === undefined) {
          timer = timerCondition(c, rule, key, item.state);
          timers.set(rule.family, timer);
        }
        if (!timer || now - timer.start < rule.value) continue;
        if (this.episodes.get(episodeKey) === timer.start) continue;
        fire(timer.event, { durationMs: now - timer.start }, timer.start);
      }
    }
    return out;
  }

  /** Itinerary days of the company that changed since the last call: the service stores them. */
  itineraryDaysChanged(companyId: number): StoredItineraryDay[] {
    return this.follower.takeChanged(companyId);
  }

  /** Stored itinerary days of the company; a day this engine followed further is kept. */
  restoreItineraryDays(companyId: number, days: readonly StoredItineraryDay[]): void {
    this.follower.restore(companyId, days);
  }

  snapshot(companyId: number): CompanySnapshot | null {
    const c = this.companies.get(companyId);
    return c ? snapshotCompany(c) : null;
  }

  restore(companyId: number, s: CompanySnapshot): void {
    restoreCompany(this.company(companyId), s);
  }

  /**
   * This node takes an item over (cluster fail-over or rebalancing): the zones it is inside follow from its last
   * known position instead of this node's old memory, and its motion start from its live state.
   */
  adopt(companyId: number, itemKey: string, point: { lat: number; lng: number } | null): void {
    const c = this.company(companyId);
    c.motion.delete(itemKey);
    if (!c.zones || !point) return;
    const geo = c.geoTracker.prime(itemKey, point, c.zones.geozones, c.zones.byId);
    const poi = c.poiTracker.prime(itemKey, point, c.zones.pois, c.zones.byId);
    if (geo.size + poi.size > 0) c.inside.set(itemKey, { geo, poi });
    else c.inside.delete(itemKey);
    c.dirty = true;
  }

  companyIds(): number[] {
    return [...this.companies.keys()];
  }
}
