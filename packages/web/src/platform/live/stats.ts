import { DEBUG_ENABLED, exposeForDebug } from "../debug.ts";

/**
 * Figures the map benchmark reads in debug mode (`window.vigiaDebug.mapStats`, see platform/debug.ts):
 * main-thread milliseconds per applied batch and when the map last drew after one.
 */
export interface MapStats {
  batches: number;
  lastApplyMs: number;
  /** The last 300 apply times, oldest first. */
  applyMs: number[];
  /** performance.now() of the last map render that followed an applied batch. */
  lastRenderedAt: number;
  /** performance.now() when the last batch was applied, to pair with lastRenderedAt. */
  lastAppliedAt: number;
  /** Items currently in the live store. */
  items: number;
  /** Server messages the worker dropped because they did not match the schema. */
  rejectedMessages: number;
}

const KEEP = 300;

export function createStats(): MapStats {
  return {
    batches: 0,
    lastApplyMs: 0,
    applyMs: [],
    lastRenderedAt: 0,
    lastAppliedAt: 0,
    items: 0,
    rejectedMessages: 0,
  };
}

export function recordApply(stats: MapStats, ms: number, at: number, items: number): void {
  stats.batches++;
  stats.lastApplyMs = ms;
  stats.applyMs.push(ms);
  if (stats.applyMs.length > KEEP) stats.applyMs.splice(0, stats.applyMs.length - KEEP);
  stats.lastAppliedAt = at;
  stats.items = items;
}

let stats: MapStats | null = null;

/** The figures in debug mode, published on first use; null otherwise, so nothing is recorded. */
export function mapStats(): MapStats | null {
  if (!DEBUG_ENABLED) return null;
  if (!stats) {
    stats = createStats();
    exposeForDebug("mapStats", stats);
  }
  return stats;
}
