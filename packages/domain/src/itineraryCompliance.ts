import { minutesOfDay, type WaypointCompliance, type WaypointStatus } from "./itineraries.ts";

/** What the engine needs of a waypoint: planned time and tolerances, in minutes. */
export interface PlannedWaypoint {
  time: string;
  before: number;
  after: number;
  minStay: number;
  maxStay: number;
}

/** One stay of the item inside a waypoint's area, minutes of the local day; `left` null while still inside. */
export interface WaypointVisit {
  waypoint: number;
  entered: number;
  left: number | null;
}

/** A position of the day: minutes of the local day and which waypoint areas contain it. */
export interface TrackSample {
  minute: number;
  inside: readonly number[];
}

/**
 * Stays per waypoint from the day's positions in time order: a stay starts at the first position inside an area
 * and ends at the first position outside it; one still open at the last position is left open.
 */
export function visitsFromTrack(samples: readonly TrackSample[], waypointCount: number): WaypointVisit[] {
  const open = new Map<number, number>();
  const visits: WaypointVisit[] = [];
  for (const sample of samples) {
    const inside = new Set(sample.inside);
    for (const [wp, entered] of open)
      if (!inside.has(wp)) {
        visits.push({ waypoint: wp, entered, left: sample.minute });
        open.delete(wp);
      }
    for (const wp of inside) if (wp >= 0 && wp < waypointCount && !open.has(wp)) open.set(wp, sample.minute);
  }
  for (const [wp, entered] of open) visits.push({ waypoint: wp, entered, left: null });
  return visits.sort((a, b) => a.entered - b.entered || a.waypoint - b.waypoint);
}

export interface ComplianceResult {
  waypoints: WaypointCompliance[];
  /** Every waypoint has a final status (visited and left, or skipped). */
  finished: boolean;
}

/**
 * The status of each waypoint of a day. `now` is the minute of the local day the day is judged at (1440 or
 * more for a past day). Each waypoint takes its first stay after the previous waypoint's arrival; when it only
 * has stays before that, its first stay counts and it is out of order. Without a stay it is pending until its
 * arrival window closes, then skipped. A stay is judged by its length once left (too short) or as soon as it
 * passes the maximum (too long); otherwise the arrival decides: early, on time or late.
 */
export function itineraryCompliance(
  waypoints: readonly PlannedWaypoint[],
  visits: readonly WaypointVisit[],
  now: number,
): ComplianceResult {
  const sorted = [...visits].sort((a, b) => a.entered - b.entered);
  let lastArrival = Number.NEGATIVE_INFINITY;
  let finished = true;
  const result = waypoints.map((wp, index): WaypointCompliance => {
    const planned = minutesOfDay(wp.time);
    const own = sorted.filter((v) => v.waypoint === index && v.entered <= now);
    const inOrder = own.find((v) => v.entered >= lastArrival);
    const visit = inOrder ?? own[0];
    if (!visit) {
      const status: WaypointStatus = now <= planned + wp.after ? "pending" : "skipped";
      if (status === "pending") finished = false;
      return { index, status, enteredAt: null, leftAt: null, stay: null, delta: null };
    }
    const left = visit.left !== null && visit.left <= now ? visit.left : null;
    const stay = (left ?? now) - visit.entered;
    const delta = visit.entered - planned;
    let status: WaypointStatus;
    if (!inOrder) status = "outOfOrder";
    else if (wp.maxStay > 0 && stay > wp.maxStay) status = "stayLong";
    else if (left !== null && stay < wp.minStay) status = "stayShort";
    else if (delta < -wp.before) status = "early";
    else if (delta > wp.after) status = "late";
    else status = "onTime";
    if (inOrder) lastArrival = visit.entered;
    if (left === null && status !== "stayLong") finished = false;
    return { index, status, enteredAt: visit.entered, leftAt: left, stay, delta };
  });
  return { waypoints: result, finished };
}
