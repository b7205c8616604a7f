import { distanceM, type Stop } from "@vigia/domain";
import { isMoving } from "./state-engine.ts";

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
 * A reporting gap at least a stop long across which the item moved less than this is a stop: devices
 * sleep while parked, so the last fix before and the first after are the approach and the departure.
 */
export const GAP_STOP_M = 300;

export interface StopOptions {
  /** 1 vehicle, 2 asset, 3 person: walkers move below a vehicle's moving speed. */
  itemType?: number;
  minStopMs?: number;
}

/**
 * Finds stops in a time-ordered route (GPS jumps already removed): runs of points where the item is not
 * moving by live state's own rule (slow, or ignition off whatever the GPS speed says) lasting at least
 * `minStopMs`, and reporting gaps of that length where the item stayed put. A stop still running at the
 * end of the route has no end.
 */
export function detectStops(points: readonly RoutePoint[], options: StopOptions = {}): Stop[] {
  const itemType = options.itemType ?? 1;
  const minStopMs = options.minStopMs ?? MIN_STOP_MS;
  const stops: Stop[] = [];
  let start: RoutePoint | null = null;
  let idle = false;
  const close = (endTs: number | null, lastTs: number) => {
    if (start && (endTs ?? lastTs) - start.ts >= minStopMs)
      stops.push({ startTs: start.ts, endTs, lat: start.lat, lng: start.lng, idle });
    start = null;
    idle = false;
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const prev = i > 0 ? points[i - 1]! : null;
    const stayedPut = prev !== null && p.ts - prev.ts >= minStopMs && distanceM(prev, p) <= GAP_STOP_M;
    if (!isMoving(itemType, p.spd, p.ignition)) {
      if (!start) start = stayedPut && prev ? prev : p;
      if (p.ignition === true) idle = true;
      continue;
    }
    if (start) close(p.ts, p.ts);
    else if (stayedPut && prev)
      stops.push({ startTs: prev.ts, endTs: p.ts, lat: prev.lat, lng: prev.lng, idle: false });
  }
  const last = points[points.length - 1];
  if (start && last) close(null, last.ts);
  return stops;
}
