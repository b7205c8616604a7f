import {
  type Compliance,
  ITEM_TYPE,
  type Itinerary,
  type ItineraryItemType,
  itineraryCompliance,
  type TrackSample,
  visitsFromTrack,
} from "@vigia/domain";
import type { TimeZoneCache } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import type { TrackService } from "../live/index.ts";
import { pointInZone, type Zone } from "../places/index.ts";
import { localDayBounds } from "./from-trip.ts";

const MINUTE_MS = 60_000;

/** The area of each waypoint: the POI's circle, the geozone's circle or polygon, or the typed point's circle. */
export async function waypointZones(
  db: Queryable,
  companyId: number,
  itinerary: Itinerary,
): Promise<(Zone | null)[]> {
  const ids = itinerary.waypoints.flatMap((w) => (w.placeId !== null ? [w.placeId] : []));
  const pois = await db.query<{ id: number; lat: number; lng: number; radius: number }>(
    "select id, lat, lng, radius from pois where company_id = $1 and id = any($2::int[])",
    [companyId, ids],
  );
  const zones = await db.query<{
    id: number;
    type: string;
    lat: number;
    lng: number;
    radius: number | null;
    points: { lat: number; lng: number }[];
  }>(
    "select id, type, lat, lng, radius, points from geozones where company_id = $1 and id = any($2::int[])",
    [companyId, ids],
  );
  return itinerary.waypoints.map((w, i): Zone | null => {
    if (w.kind === "point" && w.lat !== null && w.lng !== null && w.radius !== null)
      return { id: i, kind: "circle", center: { lat: w.lat, lng: w.lng }, radiusM: w.radius };
    if (w.kind === "poi") {
      const p = pois.find((x) => x.id === w.placeId);
      return p ? { id: i, kind: "circle", center: { lat: p.lat, lng: p.lng }, radiusM: p.radius } : null;
    }
    const z = zones.find((x) => x.id === w.placeId);
    if (!z) return null;
    if (z.type === "circle")
      return { id: i, kind: "circle", center: { lat: z.lat, lng: z.lng }, radiusM: z.radius ?? 0 };
    return { id: i, kind: "polygon", ring: z.points };
  });
}

/** An itinerary's assignee: a vehicle or a person. */
export interface ItineraryItem {
  itemType: ItineraryItemType;
  itemId: number;
}

/** The compliance and progress queries name a vehicle or a person: exactly one of them. */
export function itemOf(vehicleId: number | undefined, personId: number | undefined): ItineraryItem {
  if (vehicleId !== undefined && personId === undefined) return { itemType: "vehicle", itemId: vehicleId };
  if (personId !== undefined && vehicleId === undefined) return { itemType: "person", itemId: personId };
  throw badRequest("validation.failed", { vehicleId: "required" });
}

/** Whether the itinerary is assigned to the item on the weekday (0 Sunday). */
export function assignedOn(itinerary: Itinerary, item: ItineraryItem, weekDay: number): boolean {
  return itinerary.assignments.some(
    (a) => a.itemType === item.itemType && a.itemId === item.itemId && a.days.includes(weekDay),
  );
}

/** The weekday (0 Sunday) of a "YYYY-MM-DD" day. */
export function weekDayOf(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * How a vehicle or a person followed an itinerary on a local day of the company: the day's stored route (read as
 * playback reads it) turned into stays per waypoint area, judged by the pure engine at the current time (or the
 * day's end). The caller has checked that the item is the company's and that it may read it.
 */
export async function dayCompliance(
  deps: { db: Queryable; tracks: TrackService; now: number; timeZones: TimeZoneCache },
  companyId: number,
  itinerary: Itinerary,
  item: ItineraryItem,
  day: string,
): Promise<Compliance> {
  const tz = await deps.timeZones.get(companyId);
  const { startTs: start, endTs: end } = localDayBounds(day, tz);
  const assigned = assignedOn(itinerary, item, weekDayOf(day));
  const base = { itineraryId: itinerary.id, ...item, day, assigned };
  const nowMinute = Math.floor((deps.now - start) / MINUTE_MS);
  if (nowMinute < 0) return { ...base, ...itineraryCompliance(itinerary.waypoints, [], -1) };
  const zones = await waypointZones(deps.db, companyId, itinerary);
  const to = Math.min(end, deps.now);
  const itemType = item.itemType === "person" ? ITEM_TYPE.person : ITEM_TYPE.vehicle;
  const route = to > start ? await deps.tracks.route(companyId, itemType, item.itemId, start, to) : null;
  const samples: TrackSample[] = (route?.points ?? []).map((p) => ({
    minute: Math.floor((p.ts - start) / MINUTE_MS),
    inside: zones.flatMap((z, i) => (z && pointInZone({ lat: p.lat, lng: p.lng }, z) ? [i] : [])),
  }));
  const visits = visitsFromTrack(samples, zones.length);
  const judgedAt = deps.now >= end ? Math.max(1440, Math.ceil((end - start) / MINUTE_MS)) : nowMinute;
  return { ...base, ...itineraryCompliance(itinerary.waypoints, visits, judgedAt) };
}
