import type { LiveItemState } from "@vigia/domain";
import type { CompiledRule } from "./rules.ts";
import type { CompanyState } from "./tracking.ts";
import type { EngineOutput } from "./types.ts";

/** When each time-based and state family holds for an item. Pure. */

/** A position older than this when it is processed comes from a device's buffer: it updates state silently. */
export const STALE_MS = 10 * 60_000;
export const TIMER_FAMILIES = new Set([11, 12, 13, 14, 15, 17]);
/** Timer families that describe what the item does right now: they need fresh data to be believed. */
export const NEEDS_FRESH = new Set([11, 14, 17]);

/** Custom-state family (10): fires once when the state starts to hold, clears the episode when it ends. */
export function evaluateState(
  episodes: Map<string, number>,
  rule: CompiledRule,
  episodeKey: string,
  state: LiveItemState,
  fire: (event: string, params: Record<string, number>, episode: number) => void,
  out: EngineOutput,
): void {
  const has = rule.stateTargets.has(state.customStateId);
  const holds = rule.stateLogic === 4 ? !has : has;
  const active = episodes.has(episodeKey);
  if (holds && !active) {
    fire(rule.stateLogic === 4 ? "stateUnequal" : "stateEqual", { stateId: state.customStateId }, 1);
  } else if (!holds && active) {
    episodes.delete(episodeKey);
    out.cleared.push(episodeKey);
  }
}

/** The running timer of a time-based family for the item: since when the condition holds, and its event. */
export function timerCondition(
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
      return state.motion === "stopped" && ownSince !== null ? { start: ownSince, event: "maxParked" } : null;
    case 17:
      return state.motion === "moving" && state.driverId === null && since !== null
        ? { start: since, event: "trackWithoutDriver" }
        : null;
    default:
      return null;
  }
}
