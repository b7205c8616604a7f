import { distanceM, ITEM_TYPE, type NearestCandidate, routingApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import { ApiError } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { LiveState } from "../live/index.ts";
import { OsrmClient } from "./osrm.ts";

/** Vehicles sent to the router at most: the nearest by straight line first. */
const ROUTER_CANDIDATES = 25;

/**
 * Route to a point: rank the caller's visible vehicles with a position by driving time from the configured
 * router, or by straight-line distance (and say which); draw one vehicle's route.
 */
export function routingRoutes(
  ctx: KernelContext & { live: LiveState; egress: EgressGuard },
): FastifyPluginAsyncZod {
  const router = ctx.config.routerUrl ? new OsrmClient(ctx.config.routerUrl, ctx.egress) : null;
  return async (app) => {
    mountRoute(app, routingApi.nearest, async (request) => {
      const scope = scopeOf(request);
      const { lat, lng, limit } = request.query;
      const point = { lat, lng };
      await ctx.live.prepareCompany(scope.companyId);
      const straight: NearestCandidate[] = ctx.live
        .companyItems(scope.companyId)
        .filter(
          (s) =>
            s.itemType === ITEM_TYPE.vehicle &&
            s.pos !== null &&
            (scope.groupIds === null || (s.groupId !== null && scope.groupIds.includes(s.groupId))),
        )
        .map((s) => ({
          itemType: 1 as const,
          itemId: s.id,
          lat: s.pos!.lat,
          lng: s.pos!.lng,
          straightM: Math.round(distanceM(point, s.pos!)),
          roadM: null,
          durationS: null,
        }))
        .sort((a, b) => a.straightM - b.straightM);
      if (!router)
        return { rankedBy: "straight" as const, routerFailed: false, candidates: straight.slice(0, limit) };
      const pool = straight.slice(0, ROUTER_CANDIDATES);
      try {
        const times = pool.length > 0 ? await router.toPoint(pool, point) : [];
        const ranked = pool
          .map((c, i) => ({ ...c, durationS: times[i]?.durationS ?? null, roadM: times[i]?.roadM ?? null }))
          .sort(
            (a, b) => (a.durationS ?? Number.POSITIVE_INFINITY) - (b.durationS ?? Number.POSITIVE_INFINITY),
          );
        return { rankedBy: "router" as const, routerFailed: false, candidates: ranked.slice(0, limit) };
      } catch (error) {
        ctx.log.warn({ err: error }, "router table failed");
        return { rankedBy: "straight" as const, routerFailed: true, candidates: straight.slice(0, limit) };
      }
    });

    mountRoute(app, routingApi.route, async (request) => {
      const { fromLat, fromLng, toLat, toLng } = request.query;
      if (!router) throw new ApiError(502, "route.cannotCalculate");
      try {
        return await router.route({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng });
      } catch (error) {
        ctx.log.warn({ err: error }, "router route failed");
        throw new ApiError(502, "route.cannotCalculate");
      }
    });
  };
}
