import type { Stop } from "@vigia/domain";

export type UseKind = "driving" | "idle" | "stopped" | "offline";
export interface UseSpan {
  kind: UseKind;
  start: number;
  end: number;
}

/** A silence longer than this between two fixes, outside a stop, counts as offline (no data). */
export const OFFLINE_GAP_MS = 15 * 60_000;

/**
 * The 24-hour day use of one item from its day's route: stops are stopped, or idle when
 * the ignition stayed on; between stops the item drives, except where its fixes fall silent for longer than
 * OFFLINE_GAP_MS (offline, and so is the time before its first fix). Neighbouring spans of one kind merge. Pure.
 */
export function dayUseSpans(
  points: readonly { ts: number }[],
  stops: readonly Stop[],
  from: number,
  to: number,
  gapMs = OFFLINE_GAP_MS,
): UseSpan[] {
  const spans: UseSpan[] = [];
  const push = (kind: UseKind, start: number, end: number) => {
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    if (e <= s) return;
    const last = spans[spans.length - 1];
    if (last && last.kind === kind && last.end >= s) last.end = Math.max(last.end, e);
    else spans.push({ kind, start: s, end: e });
  };
  const times = points.map((p) => p.ts).sort((a, b) => a - b);
  /** Between stops: driving, or offline across long silences. */
  const between = (start: number, end: number) => {
    if (end <= start) return;
    let prev = start;
    for (const t of times) {
      if (t <= start) continue;
      if (t >= end) break;
      push(t - prev > gapMs ? "offline" : "driving", prev, t);
      prev = t;
    }
    push(end - prev > gapMs ? "offline" : "driving", prev, end);
  };
  let cursor = from;
  // Before the first fix the item is offline, whatever comes next.
  if (times.length === 0) {
    push("offline", from, to);
    return spans;
  }
  const first = times[0] as number;
  if (first > from) {
    push("offline", from, first);
    cursor = first;
  }
  for (const stop of [...stops].sort((a, b) => a.startTs - b.startTs)) {
    const end = stop.endTs ?? to;
    if (end <= cursor) continue;
    between(cursor, stop.startTs);
    push(stop.idle ? "idle" : "stopped", Math.max(stop.startTs, cursor), end);
    cursor = end;
  }
  between(cursor, to);
  return spans;
}

/** Milliseconds of each kind. */
export function useTotals(spans: readonly UseSpan[]): Record<UseKind, number> {
  const totals: Record<UseKind, number> = { driving: 0, idle: 0, stopped: 0, offline: 0 };
  for (const s of spans) totals[s.kind] += s.end - s.start;
  return totals;
}

/** The idle stops of at least `minMs`. */
export function idlePeriods(
  stops: readonly Stop[],
  to: number,
  minMs: number,
): (Stop & { durationMs: number })[] {
  return stops
    .filter((s) => s.idle)
    .map((s) => ({ ...s, durationMs: (s.endTs ?? to) - s.startTs }))
    .filter((s) => s.durationMs >= minMs);
}
