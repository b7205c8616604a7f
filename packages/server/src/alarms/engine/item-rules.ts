import { EVENT_FAMILY } from "@vigia/domain";
import { NEEDS_FRESH, TIMER_EVENTS } from "./conditions.ts";
import type { EpisodeMarkers, ItemMarkers, MarkerCell } from "./episode-markers.ts";
import { EVENT_FAMILIES, type EventFamily } from "./event-families.ts";
import { appliesToItem, type CompiledRule } from "./rules.ts";

/**
 * An item's rules, built once per item and kept until the company's rules or the item's group change: the whole
 * list in rule order (what `rulesFor` answers) and the same rules split by what they react to, so a position or a
 * scheduler tick visits only the rules that can act on it and finds each family's evaluator resolved beforehand.
 */

/** One of the item's rules, with its episode key (`${ruleId}:${itemKey}`) and its place in the item's rule list. */
export interface RuleSlot {
  rule: CompiledRule;
  episodeKey: string;
  /** Fires are reported in this order (the item's rule order), whatever order the families are visited in. */
  at: number;
  /** The rule and item's episode marker, once looked up (`markerOf`). */
  marker: MarkerCell | null;
}

/** The episode marker of one of the item's rule slots: looked up the first time, then used in place. */
export function markerOf(markers: EpisodeMarkers, item: ItemRules, slot: RuleSlot): MarkerCell {
  if (slot.marker === null) {
    item.markers ??= markers.ofItem(item.itemKey);
    slot.marker = item.markers.cell(slot.rule.id);
  }
  return slot.marker;
}

export interface EventSlot extends RuleSlot {
  judge: EventFamily;
}

/** The item's rules of one time-based family: they share one timer; none can fire before `minValue` has passed. */
export interface TimerGroup {
  family: number;
  event: string;
  needsFresh: boolean;
  minValue: number;
  slots: RuleSlot[];
}

export interface ItemRules {
  groupId: number | null;
  itemKey: string;
  /** The item's episode markers, once a slot has needed its own (`markerOf`). */
  markers: ItemMarkers | null;
  rules: CompiledRule[];
  /** Episode families: speeding, geozone and POI presence, beacon zones. */
  episodes: RuleSlot[];
  itinerary: RuleSlot[];
  events: EventSlot[];
  /** Custom-state family (10). */
  states: RuleSlot[];
  /** Monthly consumption family (19). */
  consumption: RuleSlot[];
  timers: TimerGroup[];
}

/** The map key of an item's rules: a number, so looking an item up builds no string. */
export const itemRulesKey = (itemType: number, itemId: number): number => itemId * 4 + itemType;

/** Which rules of the company name which item (`${itemType}:${itemId}`) or group (`${itemType}:g${groupId}`). */
export function indexRules(rules: readonly CompiledRule[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  const file = (key: string, at: number) => {
    const list = index.get(key);
    if (list) list.push(at);
    else index.set(key, [at]);
  };
  rules.forEach((rule, at) => {
    for (const id of rule.itemIds) file(`${rule.itemType}:${id}`, at);
    for (const id of rule.groupIds) file(`${rule.itemType}:g${id}`, at);
  });
  return index;
}

/** The item's rules from the company's rules and their index, in rule order, split by family. */
export function buildItemRules(
  all: readonly CompiledRule[],
  index: ReadonlyMap<string, number[]>,
  item: { itemType: number; itemId: number; groupId: number | null; itemKey: string },
): ItemRules {
  const { itemType, itemId, groupId, itemKey } = item;
  const direct = index.get(itemKey) ?? [];
  const viaGroup = groupId === null ? [] : (index.get(`${itemType}:g${groupId}`) ?? []);
  // Rule order is kept (a rule naming the item and its group counts once).
  const at = direct.length === 0 ? viaGroup : [...new Set([...direct, ...viaGroup])].sort((a, b) => a - b);
  const rules = at
    .map((i) => all[i] as CompiledRule)
    .filter((r) => appliesToItem(r, itemType, itemId, groupId));
  const entry: ItemRules = {
    groupId,
    itemKey,
    markers: null,
    rules,
    episodes: [],
    itinerary: [],
    events: [],
    states: [],
    consumption: [],
    timers: [],
  };
  const timers = new Map<number, TimerGroup>();
  rules.forEach((rule, i) => {
    const slot: RuleSlot = {
      rule,
      episodeKey: `${rule.id}:${itemKey}`,
      at: i,
      marker: null,
    };
    // The same precedence as the families' own definitions: an episode rule is one whatever its family code.
    const judge = EVENT_FAMILIES.get(rule.family);
    if (rule.timing) entry.episodes.push(slot);
    else if (rule.family === EVENT_FAMILY.itinerary) entry.itinerary.push(slot);
    else if (judge) entry.events.push({ ...slot, judge });
    else if (rule.family === 10) entry.states.push(slot);
    else if (rule.family === 19) entry.consumption.push(slot);
    else {
      const event = TIMER_EVENTS.get(rule.family);
      if (event === undefined) return;
      let group = timers.get(rule.family);
      if (!group) {
        group = {
          family: rule.family,
          event,
          needsFresh: NEEDS_FRESH.has(rule.family),
          minValue: rule.value,
          slots: [],
        };
        timers.set(rule.family, group);
        entry.timers.push(group);
      }
      group.minValue = Math.min(group.minValue, rule.value);
      group.slots.push(slot);
    }
  });
  return entry;
}
