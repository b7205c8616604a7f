import { ITEM_TYPE, workerAppApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateAppDevice } from "../app-config/index.ts";
import type { TimeZoneCache } from "../derived/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { TrackService } from "../live/index.ts";
import type { ItineraryItem } from "./compliance.ts";
import { todayProgress } from "./progress.ts";

/** The itinerary item a worker-app device is on: its vehicle or its person; null for any other (or none). */
function deviceItem(device: { itemType: number | null; itemId: number | null }): ItineraryItem | null {
  if (device.itemId === null) return null;
  if (device.itemType === ITEM_TYPE.person) return { itemType: "person", itemId: device.itemId };
  if (device.itemType === ITEM_TYPE.vehicle) return { itemType: "vehicle", itemId: device.itemId };
  return null;
}

/**
 * The worker app's itineraries, read as its device (id and key, as for its upload): today's itineraries of the
 * device's item, judged from the positions its item sent today, as the web judges them.
 */
export function deviceItineraryRoutes(
  ctx: KernelContext & { tracks: TrackService; timeZones: TimeZoneCache },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, workerAppApi.itinerary, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      const item = deviceItem(device);
      if (item === null) return [];
      return todayProgress(
        { db: ctx.db, tracks: ctx.tracks, now: ctx.clock.now(), timeZones: ctx.timeZones },
        device.companyId,
        item,
      );
    });
  };
}
