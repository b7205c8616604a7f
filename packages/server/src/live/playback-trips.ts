import type { DerivedTrip, Trip } from "@vigia/domain";

/**
 * The trips playback shows: the derived ones (the same trips, distances and top speeds the reports, dashboard
 * and driving score read) that start in the range, then, after the last of them, the trips the route itself
 * shows (the drive in progress, or any not derived yet). Without derived trips, the route's own. Pure.
 */
export function playbackTrips(derived: readonly DerivedTrip[], detected: readonly Trip[]): Trip[] {
  const out: Trip[] = derived.map((t) => ({
    startTs: t.startTs,
    endTs: t.endTs,
    distanceM: t.distanceM,
    maxSpd: t.maxSpd,
    startLat: t.startLat,
    startLng: t.startLng,
    endLat: t.endLat,
    endLng: t.endLng,
  }));
  const lastEnd = out.at(-1)?.endTs ?? Number.NEGATIVE_INFINITY;
  for (const t of detected) if (t.startTs >= lastEnd) out.push(t);
  return out;
}
