import type { EpisodeTiming } from "@vigia/domain";

/**
 * One rule's episode for one item (and one zone): when a condition that holds for a while opens, lasts and ends.
 * Pure: the engine feeds it observations (a fix says whether the condition holds) and the passing of time (the
 * scheduler's tick), and turns what it reports into notices. Absent state means no episode.
 */

export type EpisodeState =
  /** The condition holds since `since`, not yet long enough (or on enough fixes) to count. */
  | { phase: "pending"; since: number; fixes: number; peak: number }
  /**
   * An episode is on. `noticeTs` is the time of the notice it raised (null: it was on before anyone watched, so it
   * raised none); `falseSince`, when it stopped holding, if it has.
   */
  | {
      phase: "active";
      start: number;
      noticeTs: number | null;
      lastNotice: number;
      peak: number;
      falseSince: number | null;
    };

/** What a step says happened. */
export type EpisodeEvent =
  | { kind: "open"; start: number; ts: number; peak: number }
  /** The peak grew: the episode's notice shows the new one. */
  | { kind: "peak"; noticeTs: number; start: number; peak: number }
  /** A reminder while the episode lasts (the rule asked to repeat). */
  | { kind: "repeat"; start: number; ts: number; peak: number }
  | { kind: "close"; noticeTs: number | null; start: number; end: number; ts: number; peak: number };

export interface Observation {
  ts: number;
  holds: boolean;
  /** What the episode keeps the maximum of (the speed); 0 where nothing is measured. */
  value: number;
  /** The condition held already before this fix (the item was inside, over the limit) with no episode known. */
  heldBefore: boolean;
  /** How many fixes this observation stands for (a zone tracker that confirms entries over its own fixes); 1 if absent. */
  evidence?: number;
}

export interface EpisodeStep {
  state: EpisodeState | null;
  events: EpisodeEvent[];
}

const confirmed = (t: EpisodeTiming, since: number, fixes: number, ts: number): boolean =>
  ts - since >= t.confirmMs || (t.confirmFixes !== null && fixes >= t.confirmFixes);

/** A fix. Fixes older than the last one must not be fed (the engine does not evaluate stale positions). */
export function observe(state: EpisodeState | null, o: Observation, t: EpisodeTiming): EpisodeStep {
  if (state === null) {
    if (!o.holds) return { state: null, events: [] };
    // It held before anyone watched (a new rule, an item already inside): an episode without a notice.
    if (o.heldBefore)
      return {
        state: {
          phase: "active",
          start: o.ts,
          noticeTs: null,
          lastNotice: o.ts,
          peak: o.value,
          falseSince: null,
        },
        events: [],
      };
    return observe({ phase: "pending", since: o.ts, fixes: 0, peak: o.value }, o, t);
  }
  if (state.phase === "pending") {
    // One fix the other way is enough to drop it: the condition has to hold throughout.
    if (!o.holds) return { state: null, events: [] };
    const fixes = state.fixes + (o.evidence ?? 1);
    const peak = Math.max(state.peak, o.value);
    if (!confirmed(t, state.since, fixes, o.ts))
      return { state: { phase: "pending", since: state.since, fixes, peak }, events: [] };
    return {
      state: {
        phase: "active",
        start: state.since,
        noticeTs: o.ts,
        lastNotice: o.ts,
        peak,
        falseSince: null,
      },
      events: [{ kind: "open", start: state.since, ts: o.ts, peak }],
    };
  }
  if (!o.holds) {
    const falseSince = state.falseSince ?? o.ts;
    return release({ ...state, falseSince }, o.ts, t);
  }
  const events: EpisodeEvent[] = [];
  let next: EpisodeState = { ...state, falseSince: null };
  if (o.value > state.peak) {
    next = { ...next, peak: o.value };
    if (state.noticeTs !== null)
      events.push({ kind: "peak", noticeTs: state.noticeTs, start: state.start, peak: o.value });
  }
  const step = remind(next, o.ts, t);
  return { state: step.state, events: [...events, ...step.events] };
}

/** Time passes with no fix (the scheduler's tick): an episode may end or remind. */
export function elapse(state: EpisodeState | null, now: number, t: EpisodeTiming): EpisodeStep {
  if (state === null || state.phase === "pending") return { state, events: [] };
  if (state.falseSince !== null) return release({ ...state, falseSince: state.falseSince }, now, t);
  return remind(state, now, t);
}

type Active = Extract<EpisodeState, { phase: "active" }>;

function release(state: Active & { falseSince: number }, now: number, t: EpisodeTiming): EpisodeStep {
  if (now - state.falseSince < t.releaseMs) return { state, events: [] };
  return {
    state: null,
    events: [
      {
        kind: "close",
        noticeTs: state.noticeTs,
        start: state.start,
        end: state.falseSince,
        ts: now,
        peak: state.peak,
      },
    ],
  };
}

function remind(state: Active, now: number, t: EpisodeTiming): EpisodeStep {
  // Only episodes that raised a notice remind: one that was on before anyone watched stays silent.
  if (t.repeatMs === null || state.noticeTs === null || now - state.lastNotice < t.repeatMs)
    return { state, events: [] };
  return {
    state: { ...state, lastNotice: now },
    events: [{ kind: "repeat", start: state.start, ts: now, peak: state.peak }],
  };
}
