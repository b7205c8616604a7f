import { EVENT_FAMILY } from "@vigia/domain";
import { type EpisodeEvent, type EpisodeState, elapse, observe } from "./episodes.ts";
import type { CompiledRule } from "./rules.ts";

/**
 * The episode families (speeding, geozone and POI presence, beacon-zone presence) on top of the pure episode
 * module: what condition each one watches in a position, and which notices an episode's start, reminder and end
 * raise for the rule. Pure.
 */

/** What one position shows the episode families. */
export interface EpisodeView {
  spd: number;
  beforeSpd: number;
  /** The lowest speed limit of the geozones the item is inside, or null. */
  zoneLimit: number | null;
  geo: ZonePresence;
  poi: ZonePresence;
  beacon: ZonePresence;
}

export interface ZonePresence {
  inside: ReadonlySet<number>;
  entered: readonly number[];
  /** Fixes the tracker saw before it reported an entry (its own hysteresis); 1 where nothing confirms. */
  confirmedOver?: number;
}

/** A notice to raise, with the episode it belongs to (`end` null while it lasts). */
export interface EpisodeFire {
  event: string;
  ts: number;
  params: Record<string, number>;
  span: { start: number; end: number | null };
}

/** An existing notice to bring up to date (peak, end). */
export interface EpisodeNoticeUpdate {
  noticeTs: number;
  start: number;
  end: number | null;
  params: Record<string, number>;
}

/** The speed limit a speeding rule holds the item to: its own, or (value 0) the zone's. */
export const speedLimitOf = (value: number, zoneLimit: number | null): number | null =>
  value > 0 ? value : zoneLimit;

const PRESENCE_EVENTS: Record<number, { in: string; out: string }> = {
  5: { in: "geozoneIn", out: "geozoneOut" },
  6: { in: "poiIn", out: "poiOut" },
  [EVENT_FAMILY.beaconZoneEntry]: { in: "beaconZoneIn", out: "beaconZoneOut" },
  [EVENT_FAMILY.beaconZoneExit]: { in: "beaconZoneIn", out: "beaconZoneOut" },
};

interface Watch {
  sub: number;
  holds: boolean;
  heldBefore: boolean;
  value: number;
  evidence?: number;
}

function presence(
  p: ZonePresence,
  wanted: (id: number) => boolean,
  runs: ReadonlyMap<number, EpisodeState>,
): Watch[] {
  const subs = new Set([...p.inside].filter(wanted));
  for (const id of runs.keys()) subs.add(id);
  return [...subs].map((sub) => {
    const holds = p.inside.has(sub);
    const entered = p.entered.includes(sub);
    return { sub, holds, heldBefore: holds && !entered, value: 0, evidence: entered ? p.confirmedOver : 1 };
  });
}

function watches(rule: CompiledRule, v: EpisodeView, runs: ReadonlyMap<number, EpisodeState>): Watch[] {
  if (rule.family === EVENT_FAMILY.speeding) {
    const limit = speedLimitOf(rule.value, v.zoneLimit);
    // Without a limit (out of every limited zone) the item is not speeding.
    const over = (spd: number) => limit !== null && spd > limit;
    return [{ sub: 0, holds: over(v.spd), heldBefore: over(v.beforeSpd), value: v.spd }];
  }
  if (rule.family === 5) return presence(v.geo, (id) => rule.zoneTargets.has(id), runs);
  if (rule.family === 6) return presence(v.poi, (id) => rule.zoneTargets.has(id), runs);
  return presence(v.beacon, (id) => rule.value === 0 || id === rule.value, runs);
}

/**
 * Whether the rule's condition holds in the view for some zone (or the speed): with no episode under way, a position
 * where it holds nowhere leaves the rule's episodes as they are, so the engine need not step them. Mirrors `watches`.
 */
export function holdsNow(rule: CompiledRule, v: EpisodeView): boolean {
  if (rule.family === EVENT_FAMILY.speeding) {
    const limit = speedLimitOf(rule.value, v.zoneLimit);
    return limit !== null && v.spd > limit;
  }
  if (rule.family === 5 || rule.family === 6) {
    for (const id of (rule.family === 5 ? v.geo : v.poi).inside) if (rule.zoneTargets.has(id)) return true;
    return false;
  }
  for (const id of v.beacon.inside) if (rule.value === 0 || id === rule.value) return true;
  return false;
}

/** Which of an episode's moments the rule raises a notice for: its start and reminders, its end, or both. */
function raises(rule: CompiledRule): { start: boolean; end: boolean } {
  if (rule.family === 5 || rule.family === 6) return { start: rule.toIn, end: rule.toOut };
  if (rule.family === EVENT_FAMILY.beaconZoneExit) return { start: false, end: true };
  return { start: true, end: false };
}

function paramsOf(
  rule: CompiledRule,
  sub: number,
  peak: number,
  limit: number | null,
): Record<string, number> {
  if (rule.family === EVENT_FAMILY.speeding)
    return { speed: Math.round(peak * 10) / 10, ...(limit === null ? {} : { limit }) };
  if (rule.family === 5 || rule.family === 6) return { zoneId: sub };
  return { beaconZoneId: sub };
}

export interface EpisodeOutcome {
  fires: EpisodeFire[];
  updates: EpisodeNoticeUpdate[];
}

/**
 * Moves the rule's episodes for one item on: by a position (`view`) or, without one, by the passing of time to
 * `now` (`remind` false: the item is not reporting, so no reminder). `runs` (the item's episodes of this rule, by
 * zone) is updated in place.
 */
export function stepEpisodes(
  rule: CompiledRule,
  runs: Map<number, EpisodeState>,
  at: { view: EpisodeView; ts: number } | { now: number; remind: boolean },
): EpisodeOutcome {
  const out: EpisodeOutcome = { fires: [], updates: [] };
  if (!rule.timing) return out;
  const timing = "remind" in at && !at.remind ? { ...rule.timing, repeatMs: null } : rule.timing;
  // Between positions only the rule's own limit is known (a zone's depends on where the item is).
  const limit =
    rule.family === EVENT_FAMILY.speeding
      ? speedLimitOf(rule.value, "view" in at ? at.view.zoneLimit : null)
      : null;
  const steps: [number, EpisodeEvent[]][] = [];
  if ("view" in at) {
    for (const w of watches(rule, at.view, runs)) {
      const step = observe(runs.get(w.sub) ?? null, { ts: at.ts, ...w }, timing);
      setRun(runs, w.sub, step.state);
      steps.push([w.sub, step.events]);
    }
  } else {
    for (const [sub, state] of [...runs]) {
      const step = elapse(state, at.now, timing);
      setRun(runs, sub, step.state);
      steps.push([sub, step.events]);
    }
  }
  const { start, end } = raises(rule);
  const names = PRESENCE_EVENTS[rule.family];
  const event = { in: names?.in ?? "speeding", out: names?.out ?? "speeding" };
  for (const [sub, events] of steps)
    for (const e of events) {
      const params = paramsOf(rule, sub, e.peak, limit);
      if ((e.kind === "open" || e.kind === "repeat") && start)
        out.fires.push({ event: event.in, ts: e.ts, params, span: { start: e.start, end: null } });
      else if (e.kind === "peak" && start)
        out.updates.push({ noticeTs: e.noticeTs, start: e.start, end: null, params });
      else if (e.kind === "close") {
        if (start && e.noticeTs !== null)
          out.updates.push({ noticeTs: e.noticeTs, start: e.start, end: e.end, params });
        if (end) out.fires.push({ event: event.out, ts: e.ts, params, span: { start: e.start, end: e.end } });
      }
    }
  return out;
}

function setRun(runs: Map<number, EpisodeState>, sub: number, state: EpisodeState | null): void {
  if (state) runs.set(sub, state);
  else runs.delete(sub);
}
