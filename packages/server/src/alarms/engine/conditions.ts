import type { LiveItemState } from "@vigia/domain";
import type { CompiledRule } from "./rules.ts";

/** When each time-based and state family holds for an item. Pure. */

/** A position older than this when it is processed comes from a device's buffer: it updates state silently. */
export const STALE_MS = 10 * 60_000;
/** Timer families that describe what the item does right now: they need fresh data to be believed. */
export const NEEDS_FRESH = new Set([11, 14, 17]);

/**
 * The persisted episode markers (`${ruleId}:${itemType}:${itemId}` → the last fired episode) with a count of their
 * changes, so an evaluation that found nothing to do can tell that nothing it read has changed since.
 */
export class EpisodeMarkers extends Map<string, number> {
  version = 0;

  override set(key: string, value: number): this {
    this.version++;
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.version++;
    return super.delete(key);
  }

  override clear(): void {
    this.version++;
    super.clear();
  }
}

/** What a custom-state rule last found for an item: nothing to do at that state id and version of the markers. */
export interface StateSettled {
  settledStateId: number;
  settledVersion: number;
}

/**
 * Custom-state family (10): the state starting to hold starts an episode (1: fire once), its end clears it (-1: the
 * persisted marker goes), anything else changes nothing (0). An item whose state id and markers are as when this
 * rule last changed nothing is answered without a lookup in the markers (a large map, slow to search).
 */
export function stateChange(
  episodes: EpisodeMarkers,
  rule: CompiledRule,
  episodeKey: string,
  state: LiveItemState,
  settled: StateSettled,
): 1 | -1 | 0 {
  if (settled.settledStateId === state.customStateId && settled.settledVersion === episodes.version) return 0;
  const has = rule.stateTargets.has(state.customStateId);
  const holds = rule.stateLogic === 4 ? !has : has;
  const active = episodes.has(episodeKey);
  if (holds && !active) return 1;
  if (!holds && active) return -1;
  settled.settledStateId = state.customStateId;
  settled.settledVersion = episodes.version;
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
