import { PLAYBACK_MAX_MS, type PlaybackPoint, type Stop, type Trip } from "@vigia/domain";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Playback speeds offered; at 1× one minute of history plays in one second. */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export const HISTORY_MS_PER_SECOND_AT_1X = 60_000;

/** Moves the cursor on by `wallMs` of real time at `speed`; playback ends at `end`. */
export function advanceCursor(
  cursor: number,
  wallMs: number,
  speed: number,
  end: number,
): { cursor: number; ended: boolean } {
  const next = cursor + (Math.max(0, wallMs) / 1000) * speed * HISTORY_MS_PER_SECOND_AT_1X;
  return next >= end ? { cursor: end, ended: true } : { cursor: next, ended: false };
}

/** Index of the last point at or before `ts` (binary search), -1 when `ts` precedes the route. */
export function indexAt(points: readonly { ts: number }[], ts: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.ts <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The item at the cursor: the last stored point at or before it, with the position moved on towards the
 * next point in proportion to the time between them, so the marker glides rather than hops.
 */
export function cursorPoint(points: readonly PlaybackPoint[], ts: number): PlaybackPoint | null {
  const i = indexAt(points, ts);
  if (i < 0) return points[0] ?? null;
  const a = points[i]!;
  const b = points[i + 1];
  if (!b || b.ts <= a.ts) return a;
  const f = (ts - a.ts) / (b.ts - a.ts);
  return { ...a, lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
}

export type Phase = { kind: "trip"; trip: Trip } | { kind: "stop"; stop: Stop } | { kind: "none" };

/** Whether the cursor lies within a trip or a stop of the range. */
export function phaseAt(trips: readonly Trip[], stops: readonly Stop[], ts: number, end: number): Phase {
  const stop = stops.find((s) => s.startTs <= ts && ts <= (s.endTs ?? end));
  if (stop) return { kind: "stop", stop };
  const trip = trips.find((t) => t.startTs <= ts && ts <= t.endTs);
  return trip ? { kind: "trip", trip } : { kind: "none" };
}

/** A range the server accepts: start before end, not in the future, at most 31 days. */
export function checkRange(from: number, to: number): "ok" | "invalid" | "tooLong" {
  if (!Number.isFinite(from) || !Number.isFinite(to) || !(to > from)) return "invalid";
  return to - from > PLAYBACK_MAX_MS ? "tooLong" : "ok";
}

/** The default range: today from midnight in the user's zone until now. */
export function defaultRange(now: number, tz: string): { from: number; to: number } {
  let from: number;
  try {
    from = dayjs(now).tz(tz).startOf("day").valueOf();
  } catch {
    from = dayjs(now).utc().startOf("day").valueOf();
  }
  return { from, to: now };
}

/** Where a span sits on the timeline, in percent of the range. */
export function spanPercent(
  start: number,
  end: number,
  from: number,
  to: number,
): { left: number; width: number } {
  const total = Math.max(1, to - from);
  const a = Math.min(Math.max(start, from), to);
  const b = Math.min(Math.max(end, from), to);
  return { left: ((a - from) / total) * 100, width: (Math.max(0, b - a) / total) * 100 };
}
