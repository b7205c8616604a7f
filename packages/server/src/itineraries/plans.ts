import type { PlannedWaypoint } from "@vigia/domain";
import { companyTimeZone } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { Zone } from "../places/index.ts";
import { waypointZones } from "./compliance.ts";
import { itinerariesShown } from "./flag.ts";
import { listItineraries } from "./store.ts";

/** A company's itineraries as the live alarm engine follows them: waypoints, their areas, who runs them when. */
export interface ItineraryPlans {
  timeZone: string;
  plans: {
    id: number;
    waypoints: PlannedWaypoint[];
    zones: (Zone | null)[];
    days: Map<number, number[]>;
  }[];
}

/** Places can move without the itineraries changing: a copy is used this long before it is read again. */
const TTL_MS = 5 * 60_000;
const caches = new WeakMap<Queryable, Map<number, { at: number; plans: Promise<ItineraryPlans> }>>();

async function loadPlans(db: Queryable, companyId: number, now: number): Promise<ItineraryPlans> {
  const [timeZone, itineraries, shown] = await Promise.all([
    companyTimeZone(db, companyId, now),
    listItineraries(db, companyId),
    itinerariesShown(db, companyId),
  ]);
  // Off for the company: the engine follows none of them (no itinerary alarms).
  if (!shown) return { timeZone, plans: [] };
  const plans = await Promise.all(
    itineraries
      .filter((it) => it.assignments.some((a) => a.days.length > 0))
      .map(async (it) => ({
        id: it.id,
        waypoints: it.waypoints,
        zones: await waypointZones(db, companyId, it),
        days: new Map(it.assignments.map((a) => [a.vehicleId, a.days])),
      })),
  );
  return { timeZone, plans };
}

/** The company's itinerary plans, cached per database until an itinerary changes (or a few minutes pass). */
export function getItineraryPlans(db: Queryable, companyId: number, now: number): Promise<ItineraryPlans> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(companyId);
  if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.plans;
  const plans = loadPlans(db, companyId, now);
  const entry = { at: now, plans };
  cache.set(companyId, entry);
  // A failed load must not stick: the next caller tries again.
  plans.catch(() => {
    if (cache.get(companyId) === entry) cache.delete(companyId);
  });
  return plans;
}

/** An itinerary of the company (or its `conf.general.itenerary`) was written: the next reader loads the plans again. */
export function forgetItineraryPlans(db: Queryable, companyId: number): void {
  caches.get(db)?.delete(companyId);
}
