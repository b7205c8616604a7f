import type { DerivedDay, DerivedTrip } from "@vigia/domain";

/**
 * How every report, the dashboard and the scores turn stored derived rows into the figures they show. Each figure
 * has one definition, applied once where the rows are read (read.ts), so no two screens can compute the same number
 * two ways.
 *
 * - Distance: what the vehicle's odometer source (CAN counter, device GPS odometer or the platform's own count of
 *   accepted fixes) advanced over the row. The counter is only believed when it is plausible: it never runs
 *   backwards, never implies more than MAX_PLAUSIBLE_KMH over the row's span (a counter that changed source between
 *   the history and the live device), and does not stand still while the fixes moved more than COUNTER_STALE_M
 *   (a counter that was not reported). Otherwise the distance between the row's fixes counts. A counter that
 *   advanced less than the fixes is believed: the fixes include GPS jumps the live engine rejected.
 * - Average speed: distance over driving time; when the device was silent while moving (driving time misses part of
 *   the row), distance over the row's whole span; never above the row's maximum speed.
 * - Durations of a day: driving, idle and stopped time of one local day never add up to more than the time from the
 *   day's start to its last position (time before the day's first position belongs to earlier days).
 */
export const MAX_PLAUSIBLE_KMH = 250;
export const COUNTER_STALE_M = 1000;

/** Metres the row covered: the counter's advance when plausible, else the distance between its fixes. */
export function counterDistanceM(
  counterStart: number,
  counterEnd: number,
  fixesM: number,
  spanMs: number,
): number {
  const advance = counterEnd - counterStart;
  const plausibleMax = (Math.max(0, spanMs) / 3_600_000) * MAX_PLAUSIBLE_KMH * 1000;
  const stale = advance === 0 && fixesM > COUNTER_STALE_M;
  if (!Number.isFinite(advance) || advance < 0 || advance > plausibleMax || stale) return Math.max(0, fixesM);
  return Math.round(advance * 10) / 10;
}

/** km/h, one decimal: distance over driving time, over the whole span when that is too short, capped at the maximum. */
export function averageSpeedKmh(
  distanceM: number,
  drivingMs: number,
  spanMs: number,
  maxKmh: number,
): number {
  if (distanceM <= 0 || (drivingMs <= 0 && spanMs <= 0)) return 0;
  const over = (ms: number) => (ms > 0 ? (distanceM / ms) * 3600 : Number.POSITIVE_INFINITY);
  let avg = over(drivingMs);
  if (avg > maxKmh) avg = Math.min(avg, over(Math.max(drivingMs, spanMs)));
  return Math.round(Math.min(avg, Math.max(0, maxKmh)) * 10) / 10;
}

/** A trip's figures by the definitions above. */
export function tripFigures(t: DerivedTrip): DerivedTrip {
  const spanMs = t.endTs - t.startTs;
  const distanceM = counterDistanceM(t.odometerStart, t.odometerEnd, t.distanceM, spanMs);
  return { ...t, distanceM, avgSpd: averageSpeedKmh(distanceM, t.drivingMs, spanMs, t.maxSpd) };
}

/**
 * A day's figures by the definitions above. Its counters start at the position before the day's first one, so the
 * span the counter may have advanced over reaches back at most to that position: bounded here by the day's start
 * and the longest step the derivation counts as one interval.
 */
export function dayFigures(d: DerivedDay, maxStepMs: number): DerivedDay {
  const bound = Math.max(0, d.lastTs - d.dayStartTs);
  const counterSpan = d.lastTs - Math.min(d.firstTs - maxStepMs, d.dayStartTs);
  const distanceM = counterDistanceM(d.odometerStart, d.odometerEnd, d.distanceM, counterSpan);
  const drivingMs = Math.min(d.drivingMs, bound);
  const idleMs = Math.min(d.idleMs, bound - drivingMs);
  const stoppedMs = Math.min(d.stoppedMs, bound - drivingMs - idleMs);
  const spanMs = d.lastTs - d.firstTs;
  return {
    ...d,
    distanceM,
    drivingMs,
    idleMs,
    stoppedMs,
    avgSpd: averageSpeedKmh(distanceM, drivingMs, spanMs, d.maxSpd),
  };
}

/**
 * Whether a local day belongs to the period [from, to): it starts inside it, or it started before `from` and has
 * positions at or after it (the partial first day of a rolling period such as "the last 7 days").
 */
export const dayInPeriod = (
  d: Pick<DerivedDay, "dayStartTs" | "lastTs">,
  from: number,
  to: number,
): boolean => d.dayStartTs < to && (d.dayStartTs >= from || d.lastTs >= from);

/** The longest local day (a DST change adds an hour), for reading days that start before a period. */
export const LONGEST_DAY_MS = 25 * 3_600_000;
