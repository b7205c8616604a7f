import {
  advanceVisits,
  dayStateOf,
  emptyVisitTrack,
  type ItineraryDayState,
  itineraryCompliance,
  itineraryEvent,
  newDeviations,
  type PlannedWaypoint,
  trackOfDayState,
  trackVisits,
  type VisitTrack,
} from "@vigia/domain";
import { localDayOf } from "../../derived/index.ts";
import { pointInZone, type Zone } from "../../places/index.ts";
import type { EventHit } from "./event-families.ts";

/**
 * The itinerary alarm family (35) as the engine runs it: each position of a vehicle on an itinerary today is
 * taken into that day's stays per waypoint area, the day is judged by the domain's compliance engine at the
 * position's minute, and every deviation not reported yet today (early, late, too short, too long, skipped,
 * out of order) is a hit. The judging is the same pure code the compliance report uses.
 */

/** One itinerary as the engine needs it: its weekdays per vehicle, planned waypoints and their areas. */
export interface ItineraryPlan {
  id: number;
  waypoints: readonly PlannedWaypoint[];
  /** The area of each waypoint, null when its place no longer exists (it can only be skipped). */
  zones: readonly (Zone | null)[];
  /** Vehicle id → weekdays (0 Sunday … 6 Saturday) it runs the itinerary. */
  days: ReadonlyMap<number, readonly number[]>;
}

export interface CompanyItineraries {
  timeZone: string;
  plans: readonly ItineraryPlan[];
}

/** A vehicle's day on one itinerary: the local day's bounds, its stays so far and what was reported. */
interface DayProgress {
  companyId: number;
  vehicleId: number;
  itineraryId: number;
  day: string;
  startTs: number;
  endTs: number;
  weekDay: number;
  lastTs: number;
  track: VisitTrack;
  reported: Set<string>;
}

/** A day as the service stores it (table `itinerary_days`). */
export interface StoredItineraryDay {
  vehicleId: number;
  itineraryId: number;
  state: ItineraryDayState;
}

const MINUTE_MS = 60_000;

export class ItineraryFollower {
  /** `${vehicleId}:${itineraryId}` → today's progress. */
  private readonly progress = new Map<string, DayProgress>();
  /** Days changed since the service last stored them. */
  private readonly changed = new Set<string>();

  private dayOf(
    companyId: number,
    vehicleId: number,
    itineraryId: number,
    ts: number,
    timeZone: string,
  ): DayProgress {
    const key = `${vehicleId}:${itineraryId}`;
    const had = this.progress.get(key);
    if (had && ts >= had.startTs && ts < had.endTs) return had;
    const local = localDayOf(ts, timeZone);
    const [y = 1970, m = 1, d = 1] = local.day.split("-").map(Number);
    const fresh: DayProgress = {
      companyId,
      vehicleId,
      itineraryId,
      ...local,
      weekDay: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
      lastTs: ts,
      track: emptyVisitTrack(),
      reported: new Set(),
    };
    this.progress.set(key, fresh);
    return fresh;
  }

  /** Takes a vehicle's position into every itinerary it runs today; returns the new deviations. */
  onPosition(
    companyId: number,
    company: CompanyItineraries,
    vehicleId: number,
    point: { lat: number; lng: number; ts: number },
  ): EventHit[] {
    const hits: EventHit[] = [];
    for (const plan of company.plans) {
      const days = plan.days.get(vehicleId);
      if (!days) continue;
      const progress = this.dayOf(companyId, vehicleId, plan.id, point.ts, company.timeZone);
      if (!days.includes(progress.weekDay)) continue;
      // A position already taken (a frame delivered again, or older than the restored day): nothing new.
      if (point.ts < progress.lastTs) continue;
      progress.lastTs = point.ts;
      this.changed.add(`${vehicleId}:${plan.id}`);
      const minute = Math.floor((point.ts - progress.startTs) / MINUTE_MS);
      const inside = plan.zones.flatMap((z, i) => (z && pointInZone(point, z) ? [i] : []));
      advanceVisits(progress.track, { minute, inside }, plan.waypoints.length);
      const judged = itineraryCompliance(plan.waypoints, trackVisits(progress.track), minute);
      for (const w of newDeviations(judged, progress.reported)) {
        const params: Record<string, number> = { itineraryId: plan.id, waypoint: w.index + 1 };
        if (w.delta !== null) params.delta = w.delta;
        if (w.stay !== null) params.stay = w.stay;
        hits.push({ event: itineraryEvent(w.status), params });
      }
    }
    return hits;
  }

  /** The company's days changed since the last call, to store; they count as stored from here on. */
  takeChanged(companyId: number): StoredItineraryDay[] {
    const out: StoredItineraryDay[] = [];
    for (const key of this.changed) {
      const p = this.progress.get(key);
      if (!p || p.companyId !== companyId) continue;
      this.changed.delete(key);
      const { track, reported, companyId: _c, vehicleId, itineraryId, ...day } = p;
      out.push({ vehicleId, itineraryId, state: dayStateOf(day, track, reported) });
    }
    return out;
  }

  /**
   * Stored days of the company (after a restart, or from the node that followed the vehicle before): each is
   * taken unless this engine followed that day further already.
   */
  restore(companyId: number, days: readonly StoredItineraryDay[]): void {
    for (const { vehicleId, itineraryId, state } of days) {
      const key = `${vehicleId}:${itineraryId}`;
      const had = this.progress.get(key);
      if (had && had.lastTs >= state.lastTs) continue;
      const { open: _o, closed: _c, reported: _r, ...day } = state;
      this.progress.set(key, { companyId, vehicleId, itineraryId, ...day, ...trackOfDayState(state) });
    }
  }
}
