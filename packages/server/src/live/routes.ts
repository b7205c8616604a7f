import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { TrackService } from "./track-service.ts";

const range = z.object({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().positive().optional(),
});
const itemParams = z.object({ companyId: z.string(), itemId: z.coerce.number().int().positive() });
const latLng = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** Stored tracks and reverse geocoding, mounted under /companies/id/:companyId with the company scope. */
export function liveRoutes(
  ctx: KernelContext & { tracks: TrackService; geocoder: ReverseGeocoder },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["live"];
    const kinds = [
      ["vehicles", 1],
      ["assets", 2],
      ["persons", 3],
    ] as const;
    for (const [path, itemType] of kinds) {
      app.get(
        `/${path}/id/:itemId/route`,
        { schema: { params: itemParams, querystring: range, tags } },
        async (request) =>
          ctx.tracks.dayTrack(
            scopeOf(request),
            itemType,
            request.params.itemId,
            request.query.from,
            request.query.to,
          ),
      );
    }
    app.get(
      "/tracks/id/:trackId",
      {
        schema: {
          params: z.object({ companyId: z.string(), trackId: z.coerce.number().int().positive() }),
          querystring: range,
          tags,
        },
      },
      async (request) =>
        ctx.tracks.dayTrack(
          scopeOf(request),
          1,
          request.params.trackId,
          request.query.from,
          request.query.to,
        ),
    );
    app.get(
      "/reversegeo",
      { schema: { querystring: latLng.extend({ lang: z.string().max(5).default("es") }), tags } },
      async (request) => ({
        address: await ctx.geocoder.address(request.query.lat, request.query.lng, request.query.lang),
      }),
    );
    app.post(
      "/reversegeo",
      {
        schema: {
          querystring: z.object({ lang: z.string().max(5).default("es") }),
          body: z.array(latLng).max(500),
          tags,
        },
      },
      async (request) =>
        Promise.all(
          request.body.map(async (p) => ({
            address: await ctx.geocoder.address(p.lat, p.lng, request.query.lang),
          })),
        ),
    );
  };
}
