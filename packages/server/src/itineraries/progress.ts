import { type ItineraryProgress, itinerariesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { localDayOf, type TimeZoneCache } from "../derived/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { TrackService } from "../live/index.ts";
import type { Zone } from "../places/index.ts";
import {
  assignedOn,
  dayCompliance,
  type ItineraryItem,
  itemOf,
  waypointZones,
  weekDayOf,
} from "./compliance.ts";
import { itinerariesShown } from "./flag.ts";
import { listItineraries, visibleItem } from "./store.ts";

/** Where the map draws a waypoint: its circle's centre, or the mean of a polygon's corners. */
function centreOf(zone: Zone | null): { lat: number | null; lng: number | null } {
  if (!zone) return { lat: null, lng: null };
  if (zone.kind === "circle") return zone.center;
  const n = zone.ring.length || 1;
  return {
    lat: zone.ring.reduce((s, p) => s + p.lat, 0) / n,
    lng: zone.ring.reduce((s, p) => s + p.lng, 0) / n,
  };
}

/**
 * Today's progress of a vehicle or a person on the itineraries assigned to it for this weekday (the company's local
 * day): none while the company's itineraries are off (`conf.general.itenerary`). The caller has checked the item.
 */
export async function todayProgress(
  deps: { db: Queryable; tracks: TrackService; now: number; timeZones: TimeZoneCache },
  companyId: number,
  item: ItineraryItem,
): Promise<ItineraryProgress[]> {
  const { db, now } = deps;
  if (!(await itinerariesShown(db, companyId))) return [];
  const today = localDayOf(now, await deps.timeZones.get(companyId));
  const weekDay = weekDayOf(today.day);
  const running = (await listItineraries(db, companyId)).filter((it) => assignedOn(it, item, weekDay));
  return Promise.all(
    running.map(async (it): Promise<ItineraryProgress> => {
      const [judged, zones] = await Promise.all([
        dayCompliance(deps, companyId, it, item, today.day),
        waypointZones(db, companyId, it),
      ]);
      const next = judged.waypoints.find((w) => w.status === "pending")?.index ?? -1;
      return {
        itineraryId: it.id,
        name: it.name,
        day: today.day,
        finished: judged.finished,
        waypoints: judged.waypoints.map((w) => ({
          ...w,
          time: it.waypoints[w.index]?.time ?? "",
          ...centreOf(zones[w.index] ?? null),
          next: w.index === next,
        })),
      };
    }),
  );
}

/**
 * Today's progress of a vehicle or a person on its itineraries, for the live map: unlike the itinerary screens
 * (reseller level), any user of the company who sees the item (its group) reads it, when the company's
 * itineraries are shown to it (`conf.general.itenerary`).
 */
export function itineraryProgressRoutes(
  ctx: KernelContext & { tracks: TrackService; timeZones: TimeZoneCache },
): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    mountRoute(app, itinerariesApi.progress, async (request) => {
      const scope = scopeOf(request);
      const item = itemOf(request.query.vehicleId, request.query.personId);
      if (!(await visibleItem(db, scope, item))) throw notFound();
      return todayProgress(
        { db, tracks: ctx.tracks, now: ctx.clock.now(), timeZones: ctx.timeZones },
        scope.companyId,
        item,
      );
    });
  };
}
