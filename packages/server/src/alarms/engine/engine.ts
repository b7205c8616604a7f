import type { AlarmLogPos, LiveItemState } from "@vigia/domain";
import { evaluateState, NEEDS_FRESH, STALE_MS, TIMER_FAMILIES, timerCondition } from "./conditions.ts";
import { appliesToItem, type CompiledRule, passesFilters } from "./rules.ts";
import {
  CompanyState,
  type ItemView,
  itemKeyOf,
  restoreCompany,
  snapshotCompany,
  trackConsumption,
  trackMotion,
  trackZones,
  viewOf,
} from "./tracking.ts";
import type { CompanySnapshot, CompanyZones, EngineOutput, ItemInput, PositionInput } from "./types.ts";

export { STALE_MS } from "./conditions.ts";
export type { CompanySnapshot, CompanyZones, EngineOutput, Fire, ItemInput, PositionInput } from "./types.ts";

/**
 * The alarm engine's pure core: rules in, positions and clock ticks in, alarms out. No I/O and no clock of
 * its own; the service feeds it and persists what it decides (episodes, snapshots, notices). What it tracks
 * per company is in `tracking.ts`, when each family holds in `conditions.ts`.
 */

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
    trackMotion(c, key, before, state, p.ts);
    const zoneDelta = trackZones(c, key, input);
    const consumption = trackConsumption(c, key, input, this.tanks);
    if (stale) return out;
    const rules = this.rulesFor(input.companyId, input.itemType, input.itemId, input.groupId);
    if (rules.length === 0) return out;
    const view = viewOf(c, key, state);
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
        evaluateState(
          this.episodes,
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
        const timer = timerCondition(c, rule, key, state);
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
      let view: ItemView | null = null;
      for (const rule of rules) {
        const fire = (event: string, params: Record<string, number>, episode: number) => {
          view ??= viewOf(c, key, item.state);
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
          evaluateState(this.episodes, rule, key, item.state, fire, out);
          continue;
        }
        if (!TIMER_FAMILIES.has(rule.family) || (NEEDS_FRESH.has(rule.family) && !fresh)) continue;
        const timer = timerCondition(c, rule, key, item.state);
        if (!timer || now - timer.start < rule.value) continue;
        if (this.episodes.get(`${rule.id}:${key}`) === timer.start) continue;
        fire(timer.event, { durationMs: now - timer.start }, timer.start);
      }
    }
    return out;
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
