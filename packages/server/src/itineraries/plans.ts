import type { PlannedWaypoint } from "@vigia/domain";
import { EVERY_COMPANY, type TimeZoneCache } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { Zone, ZoneCache } from "../places/index.ts";
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
 * Each company's itinerary plans, as the alarm engine reads them, kept until something they are made of changes:
 * an itinerary of the company or its `conf.general.itenerary` (the alarm service drops the company's plans whenever
 * it reloads the company's rules, on every node), a place (a waypoint's area moves with it) or the company's time
 * zone (the days the plans run on). The places and time-zone caches tell this one when they drop a company, so a
 * change reaches the engine at once on every node. `app/services.ts` builds the one instance of a platform.
 */
export class ItineraryPlanCache {
  private readonly byCompany = new Map<number, Promise<ItineraryPlans>>();

  constructor(
    private readonly db: Queryable,
    private readonly timeZones: TimeZoneCache,
    zones: Pick<ZoneCache, "onForget">,
  ) {
    zones.onForget((companyId) => this.forget(companyId));
    timeZones.onForget((companyId) =>
      companyId === EVERY_COMPANY ? this.byCompany.clear() : this.forget(companyId),
    );
  }

  get(companyId: number): Promise<ItineraryPlans> {
    const hit = this.byCompany.get(companyId);
    if (hit) return hit;
    const plans = loadPlans(this.db, this.timeZones, companyId);
    this.byCompany.set(companyId, plans);
    // A failed load must not stick: the next caller tries again.
    plans.catch(() => {
      if (this.byCompany.get(companyId) === plans) this.byCompany.delete(companyId);
    });
    return plans;
  }

  /** The next reader loads the company's plans again. */
  forget(companyId: number): void {
    this.byCompany.delete(companyId);
  }
}
