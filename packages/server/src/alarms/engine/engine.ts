import { ITEM_TYPE } from "@vigia/domain";
import type { BeaconZoneIndex } from "./beacon-zones.ts";
import { STALE_MS, stateChange, stateEvent, timerStart } from "./conditions.ts";
import { type EpisodeOutcome, type EpisodeView, holdsNow, stepEpisodes } from "./episode-families.ts";
import { EpisodeMarkers } from "./episode-markers.ts";
import type { EpisodeState } from "./episodes.ts";
import type { EventHit, EventView, VirtualLock } from "./event-families.ts";
import { FireSink } from "./fire-sink.ts";
import {
  buildItemRules,
  type ItemRules,
  indexRules,
  itemRulesKey,
  markerOf,
  type RuleSlot,
} from "./item-rules.ts";
import { type CompanyItineraries, ItineraryFollower, type StoredItineraryDay } from "./itinerary-family.ts";
import type { CompiledRule } from "./rules.ts";
import {
  CompanyState,
  dropRuns,
  itemKeyOf,
  keepRuns,
  restoreCompany,
  snapshotCompany,
  trackBeaconZones,
  trackConsumption,
  trackMotion,
  trackZones,
  zoneSpeedLimit,
} from "./tracking.ts";
import type {
  CompanySnapshot,
  CompanyZones,
  EngineOutput,
  ItemInput,
  NoticeUpdate,
  PositionInput,
} from "./types.ts";

export type { BeaconZoneIndex } from "./beacon-zones.ts";
export { STALE_MS } from "./conditions.ts";
export { posOf } from "./fire-sink.ts";
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
 * per company is in `tracking.ts`, when each family holds in `conditions.ts`, an item's rules split by family in
 * `item-rules.ts`. A position visits only the item's rules that can react to it and allocates nothing unless
 * something fires or an episode moves.
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

export class AlarmEngine {
  private readonly companies = new Map<number, CompanyState>();
  /** Persisted episode markers: `${ruleId}:${itemType}:${itemId}` → identity of the last fired episode. */
  readonly episodes = new EpisodeMarkers();
  /** Virtual locks armed on items, `${itemType}:${itemId}` → where and how far (the virtualLock family). */
  readonly locks = new Map<string, VirtualLock>();
  /** Fuel tank litres per vehicle, for the consumption family. */
  readonly tanks = new Map<number, number>();
  /** Each company's itineraries with the vehicles that run them (the itinerary family). */
  readonly itineraries = new Map<number, CompanyItineraries>();
  private readonly follower = new ItineraryFollower();
  private readonly sink = new FireSink(this.episodes);
  /** Scratch: what a position shows the episode families, refilled for each position that needs it. */
  private readonly episodeView: EpisodeView = {
    spd: 0,
    beforeSpd: 0,
    zoneLimit: null,
    geo: { inside: EMPTY, entered: [], confirmedOver: ZONE_FIXES },
    poi: { inside: EMPTY, entered: [], confirmedOver: ZONE_FIXES },
    beacon: { inside: EMPTY, entered: [] },
  };

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
    c.ruleIndex = indexRules(rules);
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
    const at = itemRulesKey(itemType, itemId);
    const cached = c.byItem.get(at);
    if (cached && cached.groupId === groupId) return cached;
    const itemKey = cached?.itemKey ?? itemKeyOf(itemType, itemId);
    const entry = buildItemRules(c.rules, c.ruleIndex, { itemType, itemId, groupId, itemKey });
    c.byItem.set(at, entry);
    return entry;
  }

  /** Evaluates one applied position. `now` is the processing time; stale positions never fire. */
  onPosition(input: PositionInput, now: number): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const c = this.company(input.companyId);
    const plan = this.itemRules(c, input.itemType, input.itemId, input.groupId);
    const key = plan.itemKey;
    const { position: p, state, before } = input;
    const stale = now - p.ts > STALE_MS || (before.pos !== null && before.pos.ts >= p.ts);
    const motion = trackMotion(c, key, before, state, p.ts);
    const zoneDelta = trackZones(c, key, input);
    const beaconDelta = trackBeaconZones(c, key, input);
    const consumption = trackConsumption(c, key, input, this.tanks);
    if (stale || plan.rules.length === 0) return out;
    const sink = this.sink;
    sink.begin(out, c, plan, input, p.ts, p);
    if (plan.episodes.length > 0) {
      const view = this.episodeView;
      const inside = c.inside.get(key);
      view.spd = p.spd;
      view.beforeSpd = before.pos?.spd ?? 0;
      view.zoneLimit = zoneSpeedLimit(c, key);
      view.geo.inside = inside?.geo ?? EMPTY;
      view.geo.entered = zoneDelta.geo.entered;
      view.poi.inside = inside?.poi ?? EMPTY;
      view.poi.entered = zoneDelta.poi.entered;
      view.beacon.inside = c.beaconInside.get(key) ?? EMPTY;
      view.beacon.entered = beaconDelta.entered;
      const anyRuns = c.runsPerItem.has(key);
      for (const slot of plan.episodes) {
        const holds = holdsNow(slot.rule, view);
        const kept = holds || anyRuns ? c.runs.get(slot.episodeKey) : undefined;
        // No episode under way and the condition holding nowhere: stepping would change nothing.
        if (kept === undefined && !holds) continue;
        this.stepRuns(c, key, slot, kept, input, out, (runs) =>
          stepEpisodes(slot.rule, runs, { view, ts: p.ts }),
        );
      }
    }
    if (plan.itinerary.length > 0) {
      // Taken once per position however many itinerary rules cover the item: the day's stays advance once.
      const plans = this.itineraries.get(input.companyId);
      const hits: readonly EventHit[] =
        input.itemType === ITEM_TYPE.vehicle && plans
          ? this.follower.onPosition(input.companyId, plans, input.itemId, p)
          : [];
      for (const slot of plan.itinerary) for (const hit of hits) sink.fire(slot, hit.event, hit.params, null);
    }
    if (plan.events.length > 0) {
      const events: EventView = {
        before,
        after: state,
        attributes: p.attributes,
        spd: p.spd,
        zoneLimit: zoneSpeedLimit(c, key),
        lock: this.locks.get(key) ?? null,
      };
      for (const slot of plan.events)
        for (const hit of slot.judge(slot.rule.value, events)) sink.fire(slot, hit.event, hit.params, null);
    }
    this.judgeStates(plan, state, out);
    if (consumption)
      for (const slot of plan.consumption)
        if (
          consumption.avg > slot.rule.value &&
          markerOf(this.episodes, plan, slot).value !== consumption.month
        )
          sink.fire(
            slot,
            "monthlyConsumption",
            { average: Math.round(consumption.avg * 10) / 10 },
            consumption.month,
          );
    if (plan.timers.length > 0) this.judgeTimers(plan, state, motion, p.ts, true);
    sink.end();
    return out;
  }

  /** Custom-state rules: a state that starts to hold fires once, one that ends clears its episode. */
  private judgeStates(plan: ItemRules, state: ItemInput["state"], out: EngineOutput): void {
    for (const slot of plan.states) {
      const marker = markerOf(this.episodes, plan, slot);
      const change = stateChange(slot.rule, marker, state);
      if (change === 1) this.sink.fire(slot, stateEvent(slot.rule), { stateId: state.customStateId }, 1);
      else if (change === -1) {
        marker.value = undefined;
        out.cleared.push(slot.episodeKey);
      }
    }
  }

  /**
   * Time-based families: each family's timer is judged once, against the shortest duration of the item's rules of
   * that family, then each rule whose duration has run fires once per episode (the timer's start). `own` is the
   * item's tracked motion; `fresh` whether the item reports (families about what it does right now need it).
   */
  private judgeTimers(
    plan: ItemRules,
    state: ItemInput["state"],
    own: { motion: string; since: number } | undefined,
    now: number,
    fresh: boolean,
  ): void {
    for (const group of plan.timers) {
      if (group.needsFresh && !fresh) continue;
      const start = timerStart(group.family, state, own);
      if (start === null || now - start < group.minValue) continue;
      // One params object for the group's fires: they report the same duration, and fires are only read.
      const params = { durationMs: now - start };
      for (const slot of group.slots)
        if (now - start >= slot.rule.value && markerOf(this.episodes, plan, slot).value !== start)
          this.sink.fire(slot, group.event, params, start);
    }
  }

  /**
   * Steps the item's episodes of one rule. Most rule and item pairs have none: they get a map that is kept only when
   * an episode starts, so the engine holds (and the collector walks) maps for running episodes only.
   */
  private stepRuns(
    c: CompanyState,
    key: string,
    slot: RuleSlot,
    kept: Map<number, EpisodeState> | undefined,
    item: ItemInput,
    out: EngineOutput,
    step: (runs: Map<number, EpisodeState>) => EpisodeOutcome,
  ): void {
    const runs = kept ?? new Map<number, EpisodeState>();
    const o = step(runs);
    if (kept !== undefined || runs.size > 0) c.dirty = true;
    if (kept === undefined && runs.size > 0) keepRuns(c, key, slot.episodeKey, runs);
    else if (kept !== undefined && runs.size === 0) dropRuns(c, key, slot.episodeKey);
    for (const f of o.fires) this.sink.fire(slot, f.event, f.params, null, f.span);
    if (o.updates.length > 0) out.updates = [...(out.updates ?? []), ...noticeUpdates(slot.rule, item, o)];
  }

  /**
   * The scheduler's pass over a company's items: time-based families, episodes under way and custom-state changes.
   * An item costs a few lookups unless one of its timers is due: each family's timer is judged once against the
   * shortest duration of the item's rules of that family.
   */
  tick(companyId: number, items: Iterable<ItemInput>, now: number): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const c = this.company(companyId);
    if (c.rules.length === 0) return out;
    const sink = this.sink;
    for (const item of items) {
      const plan = this.itemRules(c, item.itemType, item.itemId, item.groupId);
      if (plan.rules.length === 0) continue;
      const key = plan.itemKey;
      const fresh = item.state.pos !== null && now - item.state.pos.ts <= STALE_MS;
      sink.begin(out, c, plan, item, now, null);
      this.judgeStates(plan, item.state, out);
      if (c.runsPerItem.has(key))
        for (const slot of plan.episodes) {
          const runs = c.runs.get(slot.episodeKey);
          if (!runs || runs.size === 0) continue;
          // Reminders need the item to be reporting; an end needs only the time.
          this.stepRuns(c, key, slot, runs, item, out, (kept) =>
            stepEpisodes(slot.rule, kept, { now, remind: fresh }),
          );
        }
      if (plan.timers.length > 0) this.judgeTimers(plan, item.state, c.motion.get(key), now, fresh);
      sink.end();
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
