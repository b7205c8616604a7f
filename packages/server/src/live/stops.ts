import type { Stop } from "@vigia/domain";
import { MOVING_KMH } from "./state-engine.ts";

export interface RoutePoint {
  ts: number;
  lat: number;
  lng: number;
  spd: number;
  ignition: boolean | null;
}

/** Stops shorter than this are traffic, not stops. */
export const MIN_STOP_MS = 3 * 60_000;

/**
 * Finds stops in a time-ordered route: runs of points below moving speed lasting at least `minStopMs`,
 * and gaps in reporting of that length where the item did not move. A stop still running at the end of
 * the route has no end.
 */
export function detectStops(points: readonly RoutePoint[], minStopMs = MIN_STOP_MS): Stop[] {
  const stops: Stop[] = [];
  let start: RoutePoint | null = null;
  let idle = false;
  const close = (endTs: number | null, last: RoutePoint) => {
    if (start && (endTs ?? last.ts) - start.ts >= minStopMs)
      stops.push({ startTs: start.ts, endTs, lat: start.lat, lng: start.lng, idle });
    start = null;
    idle = false;
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.spd < MOVING_KMH) {
      if (!start) start = p;
      if (p.ignition === true) idle = true;
      continue;
    }
    const prev = points[i - 1];
    if (start) close(p.ts, prev ?? p);
    else if (
      prev &&
      p.ts - prev.ts >= minStopMs &&
      Math.abs(p.lat - prev.lat) < 0.0005 &&
      Math.abs(p.lng - prev.lng) < 0.0005
    ) {
      stops.push({ startTs: prev.ts, endTs: p.ts, lat: prev.lat, lng: prev.lng, idle: false });
    }
  }
  const last = points[points.length - 1];
  if (start && last) close(null, last);
  return stops;
}
