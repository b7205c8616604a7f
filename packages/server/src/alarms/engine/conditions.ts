import type { LiveItemState } from "@vigia/domain";
import type { MarkerCell } from "./episode-markers.ts";
import type { CompiledRule } from "./rules.ts";

/** When each time-based and state family holds for an item. Pure. */

/** A position older than this when it is processed comes from a device's buffer: it updates state silently. */
export const STALE_MS = 10 * 60_000;
/** Timer families that describe what the item does right now: they need fresh data to be believed. */
export const NEEDS_FRESH = new Set([11, 14, 17]);

/**
 * Custom-state family (10): the state starting to hold starts an episode (1: fire once), its end clears it (-1: the
 * marker goes), anything else changes nothing (0). `marker` is the rule and item's episode marker.
 */
export function stateChange(rule: CompiledRule, marker: MarkerCell, state: LiveItemState): 1 | -1 | 0 {
  const has = rule.stateTargets.has(state.customStateId);
  const holds = rule.stateLogic === 4 ? !has : has;
  const active = marker.value !== undefined;
  if (holds && !active) return 1;
  if (!holds && active) return -1;
  return 0;
}

export const stateEvent = (rule: CompiledRule): string =>
  rule.stateLogic === 4 ? "stateUnequal" : "stateEqual";

/** The event each time-based family raises. */
export const TIMER_EVENTS: ReadonlyMap<number, string> = new Map([
  [11, "idle"],
  [12, "offline"],
  [13, "maxStop"],
  [14, "maxDriving"],
  [15, "maxParked"],
  [17, "trackWithoutDriver"],
]);

/**
 * Since when the condition of a time-based family holds for the item (null: it does not), from its live state and
 * the motion the engine tracked for it (`own`). It depends on the item and the family only, not on the rule, so an
 * item's rules of one family share one answer.
 */
export function timerStart(
  family: number,
  state: LiveItemState,
  own: { motion: string; since: number } | undefined,
): number | null {
  const since = state.since ?? state.pos?.ts ?? null;
  const ownSince = own && own.motion === state.motion ? own.since : since;
  switch (family) {
    case 11:
      return state.motion === "idle" ? ownSince : null;
    case 12:
      return state.pos ? state.pos.ts : null;
    case 13:
      return state.motion !== "moving" ? since : null;
    case 14:
      return state.motion === "moving" ? since : null;
    case 15:
      return state.motion === "stopped" ? ownSince : null;
    case 17:
      return state.motion === "moving" && state.driverId === null ? since : null;
    default:
      return null;
  }
}
