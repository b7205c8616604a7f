import {
  type AlarmRule,
  type EpisodeTiming,
  episodeTiming,
  type LiveItemState,
  ruleItemIds,
} from "@vigia/domain";
import { inWeekTime } from "./time-range.ts";

/** A rule prepared for evaluation: id sets instead of arrays, groups expanded to their sub-groups. */
export interface CompiledRule {
  id: number;
  companyId: number;
  family: number;
  /** ms for the time families, L/100km for consumption. */
  value: number;
  itemType: 1 | 2 | 3;
  groupIds: ReadonlySet<number>;
  itemIds: ReadonlySet<number>;
  zoneTargets: ReadonlySet<number>;
  toIn: boolean;
  toOut: boolean;
  stateTargets: ReadonlySet<number>;
  stateLogic: number;
  /** Episode families: how long the condition must hold, be released, and how often to remind. */
  timing: EpisodeTiming | null;
  /** Whether one of the rule's filters is on (`passesFilters` has something to judge). */
  filtered: boolean;
  rule: AlarmRule;
}

/** `subgroups(id)` returns the group and all its descendants. */
export function compileRule(
  companyId: number,
  rule: AlarmRule,
  subgroups: (groupId: number) => number[],
): CompiledRule | null {
  const { info, items } = rule;
  if (!info.active || info.family === null || ![1, 2, 3].includes(items.itemsType)) return null;
  const family = info.family;
  const target = family === 5 ? info.geozones : family === 6 ? info.pois : undefined;
  const zoneIds = family === 5 ? target?.geozoneIds : target?.poiIds;
  return {
    id: rule.id,
    companyId,
    family,
    value: info.value ?? 0,
    itemType: items.itemsType as 1 | 2 | 3,
    groupIds: new Set(items.groupIds.flatMap(subgroups)),
    itemIds: new Set(ruleItemIds(items)),
    zoneTargets: new Set(zoneIds ?? []),
    toIn: target?.toIn ?? false,
    toOut: target?.toOut ?? false,
    stateTargets: new Set(info.states?.stateIds ?? []),
    stateLogic: info.states?.logic ?? 3,
    timing: episodeTiming(family, info.episode),
    filtered:
      rule.geozones.active ||
      rule.pois.active ||
      rule.inTrack.active ||
      rule.customStates.active ||
      rule.timeRange.active,
    rule,
  };
}

export function appliesToItem(
  rule: CompiledRule,
  itemType: number,
  itemId: number,
  groupId: number | null,
): boolean {
  if (rule.itemType !== itemType) return false;
  return rule.itemIds.has(itemId) || (groupId !== null && rule.groupIds.has(groupId));
}

/** Where the item is, as far as the filters care. */
export interface FilterView {
  state: LiveItemState;
  geozones: ReadonlySet<number>;
  pois: ReadonlySet<number>;
}

const anyIn = (ids: readonly number[], inside: ReadonlySet<number>): boolean =>
  ids.some((id) => inside.has(id));

/** The rule's filters: geozones, POIs, in track, weekly time range, custom states. */
export function passesFilters(rule: CompiledRule, view: FilterView, ts: number): boolean {
  const r = rule.rule;
  if (r.geozones.active && anyIn(r.geozones.geozoneIds, view.geozones) !== r.geozones.in) return false;
  if (r.pois.active && anyIn(r.pois.poiIds, view.pois) !== r.pois.in) return false;
  if (r.inTrack.active && view.state.intrack !== r.inTrack.in) return false;
  if (r.customStates.active) {
    const has = r.customStates.stateIds.includes(view.state.customStateId);
    if ((r.customStates.logic === 4 ? !has : has) === false) return false;
  }
  if (r.timeRange.active && inWeekTime(ts, r.timeRange.timezone, r.timeRange.weekTime) !== r.timeRange.in)
    return false;
  return true;
}
