import { distanceM } from "@vigia/domain";

export interface TimedPoint {
  ts: number;
  lat: number;
  lng: number;
}

export interface RouteSpan {
  /** Metres travelled along the route between the two points (sum of the fixes' segments). */
  distanceM: number;
  /** Milliseconds between the two points. */
  durationMs: number;
  /** Number of fixes between them, both ends included. */
  fixes: number;
}

/**
 * Distance along the route and time between two of its points, whichever order they are picked in.
 * Null when an index is outside the route. Pure.
 */
export function routeSpan(points: readonly TimedPoint[], a: number, b: number): RouteSpan | null {
  if (!Number.isInteger(a) || !Number.isInteger(b)) return null;
  if (a < 0 || b < 0 || a >= points.length || b >= points.length) return null;
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  let metres = 0;
  for (let i = from + 1; i <= to; i++) {
    metres += distanceM(points[i - 1] as TimedPoint, points[i] as TimedPoint);
  }
  const first = points[from] as TimedPoint;
  const last = points[to] as TimedPoint;
  return { distanceM: metres, durationMs: last.ts - first.ts, fixes: to - from + 1 };
}
