import { ITINERARY_WAYPOINTS_MAX, type Waypoint } from "./itineraries.ts";
import { distanceM } from "./places-geometry.ts";

/**
 * An itinerary's geometry proposed from a vehicle's past day: the day's stops, in order, become
 * waypoints the user then edits. A stop is a point with a radius, or the POI or geozone it lies in when the
 * caller snapped it; its planned passing time is the stop's arrival time of day and its minimum stay the stop's
 * length. Consecutive stops at the same place (the same POI or geozone, or points within the radius of the
 * first) are one waypoint: the vehicle stayed there, moving a little.
 */

/** One stop of the day: its times (epoch ms), where it was and the place it lies in, if snapped. */
export interface TripStop {
  startTs: number;
  endTs: number;
  lat: number;
  lng: number;
  place: { kind: "poi" | "geozone"; id: number } | null;
}

export const FROM_TRIP_RADIUS_M = 100;
/** The arrival tolerances a proposed waypoint starts with, minutes (the editor's defaults). */
const TOLERANCE_MIN = 10;
const MINUTE_MS = 60_000;
const LAST_MINUTE = 1439;

const pad = (n: number) => String(n).padStart(2, "0");
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Minute of the local day → "HH:MM", kept within the day (a 25-hour day's last hour reads 23:59). */
export function timeOfDayText(minute: number): string {
  const m = Math.min(LAST_MINUTE, Math.max(0, Math.floor(minute)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

function samePlace(a: TripStop, b: TripStop, radiusM: number): boolean {
  if (a.place || b.place) return a.place?.kind === b.place?.kind && a.place?.id === b.place?.id;
  return distanceM(a, b) <= radiusM;
}

/**
 * The stops of a local day (any order; those not starting within the day's bounds left out) as waypoints in
 * passing order, at most ITINERARY_WAYPOINTS_MAX.
 */
export function stopsToWaypoints(
  stops: readonly TripStop[],
  day: { startTs: number; endTs: number },
  radiusM: number = FROM_TRIP_RADIUS_M,
): Waypoint[] {
  const dayStart = day.startTs;
  const inDay = stops
    .filter((s) => s.startTs >= dayStart && s.startTs < day.endTs && s.endTs >= s.startTs)
    .sort((a, b) => a.startTs - b.startTs);
  const groups: { first: TripStop; endTs: number }[] = [];
  for (const stop of inDay) {
    const last = groups[groups.length - 1];
    if (last && samePlace(last.first, stop, radiusM)) last.endTs = Math.max(last.endTs, stop.endTs);
    else groups.push({ first: stop, endTs: stop.endTs });
  }
  return groups.slice(0, ITINERARY_WAYPOINTS_MAX).map(({ first, endTs }): Waypoint => {
    const common = {
      time: timeOfDayText((first.startTs - dayStart) / MINUTE_MS),
      before: TOLERANCE_MIN,
      after: TOLERANCE_MIN,
      minStay: Math.min(LAST_MINUTE + 1, Math.floor((endTs - first.startTs) / MINUTE_MS)),
      maxStay: 0,
    };
    if (first.place)
      return {
        kind: first.place.kind,
        placeId: first.place.id,
        lat: null,
        lng: null,
        radius: null,
        ...common,
      };
    return {
      kind: "point",
      placeId: null,
      lat: round6(first.lat),
      lng: round6(first.lng),
      radius: Math.round(radiusM),
      ...common,
    };
  });
}
