import type { PlannedWaypoint } from "@vigia/domain";
import type { TimeZoneCache } from "../derived/index.ts";
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

async function loadPlans(
  db: Queryable,
  timeZones: TimeZoneCache,
  companyId: number,
): Promise<ItineraryPlans> {
  const [timeZone, itineraries, shown] = await Promise.all([
    timeZones.get(companyId),
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
        // The engine follows vehicles; a person's itinerary is followed on its phone, without alarms.
        days: new Map(it.assignments.filter((a) => a.itemType === "vehicle").map((a) => [a.itemId, a.days])),
      })),
  );
  return { timeZone, plans };
}

/**
 * Each company's itinerary plans, as the alarm engine reads them, kept until an itinerary of the company (or its
 * `conf.general.itenerary`) changes or a few minutes pass. The alarm service owns the one instance of a platform
 * and drops a company's plans whenever it reloads the company's rules, on every node.
 */
export class ItineraryPlanCache {
  private readonly byCompany = new Map<number, { at: number; plans: Promise<ItineraryPlans> }>();

  constructor(
    private readonly db: Queryable,
    private readonly timeZones: TimeZoneCache,
  ) {}

  get(companyId: number, now: number): Promise<ItineraryPlans> {
    const hit = this.byCompany.get(companyId);
    if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.plans;
    const plans = loadPlans(this.db, this.timeZones, companyId);
    const entry = { at: now, plans };
    this.byCompany.set(companyId, entry);
    // A failed load must not stick: the next caller tries again.
    plans.catch(() => {
      if (this.byCompany.get(companyId) === entry) this.byCompany.delete(companyId);
    });
    return plans;
  }

  /** The next reader loads the company's plans again. */
  forget(companyId: number): void {
    this.byCompany.delete(companyId);
  }
}
