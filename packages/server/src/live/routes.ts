import { liveApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { TrackService } from "./track-service.ts";

/** Stored tracks and reverse geocoding, mounted under /companies/id/:companyId with the company scope. */
export function liveRoutes(
  ctx: KernelContext & { tracks: TrackService; geocoder: ReverseGeocoder },
): FastifyPluginAsyncZod {
  return async (app) => {
    const kinds = [
      [liveApi.vehicleTrack, 1],
      [liveApi.assetTrack, 2],
      [liveApi.personTrack, 3],
    ] as const;
    for (const [contract, itemType] of kinds) {
      mountRoute(app, contract, async (request) =>
        ctx.tracks.dayTrack(
          scopeOf(request),
          itemType,
          request.params.itemId,
          request.query.from,
          request.query.to,
        ),
      );
    }
    const playbacks = [
      [liveApi.vehiclePlayback, liveApi.vehiclePositionAt, 1],
      [liveApi.assetPlayback, liveApi.assetPositionAt, 2],
      [liveApi.personPlayback, liveApi.personPositionAt, 3],
    ] as const;
    for (const [playback, positionAt, itemType] of playbacks) {
      mountRoute(app, playback, async (request) =>
        ctx.tracks.playback(
          scopeOf(request),
          itemType,
          request.params.itemId,
          request.query.from,
          request.query.to,
        ),
      );
      mountRoute(app, positionAt, async (request) =>
        ctx.tracks.positionAt(scopeOf(request), itemType, request.params.itemId, request.query.ts),
      );
    }
    mountRoute(app, liveApi.trackById, async (request) =>
      ctx.tracks.dayTrack(scopeOf(request), 1, request.params.trackId, request.query.from, request.query.to),
    );
    mountRoute(app, liveApi.address, async (request) => ({
      address: await ctx.geocoder.address(request.query.lat, request.query.lng, request.query.lang),
    }));
    mountRoute(app, liveApi.addresses, async (request) =>
      Promise.all(
        request.body.map(async (p) => ({
          address: await ctx.geocoder.address(p.lat, p.lng, request.query.lang),
        })),
      ),
    );
  };
}
