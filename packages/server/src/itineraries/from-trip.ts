import { type FromTrip, stopsToWaypoints, type TripStop } from "@vigia/domain";
import { localMidnight, stops, type TimeZoneCache } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { ZoneCache } from "../places/index.ts";

/** The local day's bounds (epoch ms) of "YYYY-MM-DD" in a time zone: 23 or 25 hours on a DST change. */
export function localDayBounds(day: string, timeZone: string): { startTs: number; endTs: number } {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    startTs: localMidnight(y, m, d, timeZone),
    endTs: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/**
 * An itinerary's waypoints proposed from a vehicle's stops on a local day of the company: the stops are the
 * derived history's (never derived again from positions here), each optionally snapped to the POI (first) or
 * geozone it lies in. The vehicle must be one the caller sees, or 404.
 */
export async function waypointsFromTrip(
  deps: { db: Queryable; now: number; zones: ZoneCache; timeZones: TimeZoneCache },
  scope: CompanyScope,
  query: { vehicleId: number; day: string; snap: "0" | "1" },
): Promise<FromTrip> {
  const { db } = deps;
  await visibleItem(db, scope, "vehicles", query.vehicleId);
  const bounds = localDayBounds(query.day, await deps.timeZones.get(scope.companyId));
  const dayStops = await stops(db, scope, {
    from: bounds.startTs,
    to: bounds.endTs,
    items: [{ itemType: 1, itemId: query.vehicleId }],
  });
  const zones = query.snap === "1" ? await deps.zones.get(scope.companyId) : null;
  const placeOf = (p: { lat: number; lng: number }): TripStop["place"] => {
    if (!zones) return null;
    const poi = zones.pois.containing(p)[0];
    if (poi !== undefined) return { kind: "poi", id: poi };
    const zone = zones.geozones.containing(p)[0];
    return zone !== undefined ? { kind: "geozone", id: zone } : null;
  };
  const tripStops: TripStop[] = dayStops.map((s) => ({
    startTs: s.startTs,
    endTs: s.endTs,
    lat: s.lat,
    lng: s.lng,
    place: placeOf(s),
  }));
  return { day: query.day, stops: tripStops.length, waypoints: stopsToWaypoints(tripStops, bounds) };
}
