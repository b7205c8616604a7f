import { itinerariesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TimeZoneCache } from "../derived/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { TrackService } from "../live/index.ts";
import type { ZoneCache } from "../places/index.ts";
import { dayCompliance, itemOf } from "./compliance.ts";
import { itinerariesShown } from "./flag.ts";
import { waypointsFromTrip } from "./from-trip.ts";
import {
  checkReferences,
  deleteItinerary,
  insertItinerary,
  listItineraries,
  updateItinerary,
  visibleItem,
} from "./store.ts";

/**
 * `itinerariesChanged`: told after an itinerary is written, so every node's alarm engine reads the company's plans
 * again (the app wires it to the alarm service's cluster-wide invalidation).
 */
export type ItineraryRoutesContext = KernelContext & {
  tracks: TrackService;
  itinerariesChanged: (companyId: number) => void;
  /** Snaps a trip's stops to the company's places. */
  zones: ZoneCache;
  /** The company's local day a trip or compliance is read for. */
  timeZones: TimeZoneCache;
};

/**
 * /itineraries: reseller-level users only, reading and writing (read-only resellers read). Every query is
 * the selected company's; the contracts' access stops other roles before the body is read.
 */
export function itineraryRoutes(ctx: ItineraryRoutesContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const one = async (companyId: number, id: number) => {
    const row = (await listItineraries(db, companyId, id))[0];
    if (!row) throw notFound();
    return row;
  };
  return async (app) => {
    mountRoute(app, itinerariesApi.list, async (request) => listItineraries(db, scopeOf(request).companyId));

    mountRoute(app, itinerariesApi.fromTrip, async (request) =>
      waypointsFromTrip(
        { db, now: ctx.clock.now(), zones: ctx.zones, timeZones: ctx.timeZones },
        scopeOf(request),
        request.query,
      ),
    );

    mountRoute(app, itinerariesApi.create, async (request) => {
      const scope = scopeOf(request);
      const values = request.body;
      await checkReferences(db, scope.companyId, values);
      const id = await db.transaction(async (tx) => {
        const created = await insertItinerary(tx, scope.companyId, values, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "itinerary",
            entityId: String(created),
            data: values,
          },
          tx,
        );
        return created;
      });
      ctx.itinerariesChanged(scope.companyId);
      return one(scope.companyId, id);
    });

    mountRoute(app, itinerariesApi.update, async (request) => {
      const scope = scopeOf(request);
      const values = request.body;
      await checkReferences(db, scope.companyId, values);
      await db.transaction(async (tx) => {
        if (!(await updateItinerary(tx, scope.companyId, request.params.id, values, ctx.clock.now())))
          throw notFound();
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "itinerary",
            entityId: String(request.params.id),
            data: values,
          },
          tx,
        );
      });
      ctx.itinerariesChanged(scope.companyId);
      return one(scope.companyId, request.params.id);
    });

    mountRoute(app, itinerariesApi.remove, async (request) => {
      const scope = scopeOf(request);
      await db.transaction(async (tx) => {
        if (!(await deleteItinerary(tx, scope.companyId, request.params.id))) throw notFound();
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "itinerary",
            entityId: String(request.params.id),
          },
          tx,
        );
      });
      ctx.itinerariesChanged(scope.companyId);
      return { id: request.params.id };
    });

    mountRoute(app, itinerariesApi.compliance, async (request) => {
      const scope = scopeOf(request);
      const itinerary = await one(scope.companyId, request.params.id);
      // Compliance is the company's view of its itineraries running: not while they are off for it.
      if (!(await itinerariesShown(db, scope.companyId))) throw forbidden("itinerary.disabled");
      const { vehicleId, personId, day } = request.query;
      const item = itemOf(vehicleId, personId);
      if (!(await visibleItem(db, scope, item))) throw notFound();
      return dayCompliance(
        { db, tracks: ctx.tracks, now: ctx.clock.now(), timeZones: ctx.timeZones },
        scope.companyId,
        itinerary,
        item,
        day,
      );
    });
  };
}
