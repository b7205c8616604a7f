import { distanceM, type Stop, type Trip } from "@vigia/domain";
import type { RoutePoint } from "./stops.ts";

/** A drive shorter than this is GPS drift around a stop, not a trip. */
export const MIN_TRIP_M = 50;

/**
 * The drives of a time-ordered route (jumps removed): the stretches between its stops and its ends.
 * Distance adds the steps between consecutive points; a stretch that covers less than 50 m is no trip.
 */
export function detectTrips(points: readonly RoutePoint[], stops: readonly Stop[]): Trip[] {
  const trips: Trip[] = [];
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return trips;
  // Gaps between stops, in time: [route start, stop1.start], [stop1.end, stop2.start], …, [lastStop.end, route end].
  const spans: [number, number][] = [];
  let cursor: number | null = first.ts;
  for (const stop of stops) {
    if (cursor !== null && stop.startTs > cursor) spans.push([cursor, stop.startTs]);
    cursor = stop.endTs;
  }
  if (cursor !== null && last.ts > cursor) spans.push([cursor, last.ts]);

  let i = 0;
  for (const [start, end] of spans) {
    while (i < points.length && points[i]!.ts < start) i++;
    let metres = 0;
    let maxSpd = 0;
    let a: RoutePoint | null = null;
    let b: RoutePoint | null = null;
    for (let j = i; j < points.length && points[j]!.ts <= end; j++) {
      const p = points[j]!;
      if (b) metres += distanceM(b, p);
      a ??= p;
      b = p;
      maxSpd = Math.max(maxSpd, p.spd);
    }
    if (!a || !b || metres < MIN_TRIP_M) continue;
    trips.push({
      startTs: a.ts,
      endTs: b.ts,
      distanceM: Math.round(metres),
      maxSpd,
      startLat: a.lat,
      startLng: a.lng,
      endLat: b.lat,
      endLng: b.lng,
    });
  }
  return trips;
}
