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

/** Stays so far of a day being followed live: the closed ones, and the open one per waypoint area (entry minute). */
export interface VisitTrack {
  open: Map<number, number>;
  closed: WaypointVisit[];
}

export const emptyVisitTrack = (): VisitTrack => ({ open: new Map(), closed: [] });

/**
 * Takes the next position of the day (in time order) into the track: a stay starts at the first position inside an
 * area and ends at the first position outside it.
 */
export function advanceVisits(track: VisitTrack, sample: TrackSample, waypointCount: number): void {
  const inside = new Set(sample.inside);
  for (const [wp, entered] of track.open)
    if (!inside.has(wp)) {
      track.closed.push({ waypoint: wp, entered, left: sample.minute });
      track.open.delete(wp);
    }
  for (const wp of inside)
    if (wp >= 0 && wp < waypointCount && !track.open.has(wp)) track.open.set(wp, sample.minute);
}

/** Every stay of the track, the open ones left open, by entry. */
export function trackVisits(track: VisitTrack): WaypointVisit[] {
  const visits = [...track.closed];
  for (const [wp, entered] of track.open) visits.push({ waypoint: wp, entered, left: null });
  return visits.sort((a, b) => a.entered - b.entered || a.waypoint - b.waypoint);
}

/** Stays per waypoint from the day's positions in time order (see `advanceVisits`); one still open is left open. */
export function visitsFromTrack(samples: readonly TrackSample[], waypointCount: number): WaypointVisit[] {
  const track = emptyVisitTrack();
  for (const sample of samples) advanceVisits(track, sample, waypointCount);
  return trackVisits(track);
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

/** Waypoint statuses that are a deviation from the plan: the itinerary alarm family (35) fires on each. */
export const ITINERARY_DEVIATIONS: ReadonlySet<WaypointStatus> = new Set<WaypointStatus>([
  "early",
  "late",
  "stayShort",
  "stayLong",
  "skipped",
  "outOfOrder",
]);

/** The alarm event name of a deviation: "late" → "itineraryLate". */
export const itineraryEvent = (status: WaypointStatus): string =>
  `itinerary${status.charAt(0).toUpperCase()}${status.slice(1)}`;

/**
 * The deviations of a judged day not yet reported: each waypoint and status counts once a day (`reported` holds
 * "index:status" and is updated), so a stay that stays too long fires once, not on every position.
 */
export function newDeviations(result: ComplianceResult, reported: Set<string>): WaypointCompliance[] {
  const out: WaypointCompliance[] = [];
  for (const w of result.waypoints) {
    if (!ITINERARY_DEVIATIONS.has(w.status)) continue;
    const key = `${w.index}:${w.status}`;
    if (reported.has(key)) continue;
    reported.add(key);
    out.push(w);
  }
  return out;
}
