import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { mapProvidersApi, PMTILES_PATH } from "@vigia/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { parseByteRange } from "./byte-range.ts";
import { configuredProviders, offeredProviders } from "./providers.ts";

/** GET /fr/v1/map/providers: public, the shared-route page and the sign-in page draw maps too. */
export function mapProviderRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  const { problems } = configuredProviders(ctx.config, true);
  for (const entry of problems) ctx.log.warn({ entry }, "map provider setting ignored");
  return async (app) => {
    mountRoute(app, mapProvidersApi.list, async () => offeredProviders(ctx.config));
  };
}

/**
 * The MAP_PMTILES (or imported) archive at /fr/map/tiles.pmtiles, read by MapLibre's pmtiles protocol with HTTP range
 * requests: a company runs fully offline with its region's extract. Public like any tile server; the file
 * is opened per request, so replacing it takes effect without a restart.
 */
export function pmtilesMount(ctx: KernelContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const file = ctx.config.mapPmtiles;
    if (!file || /^https?:\/\//.test(file)) return;
    app.route({
      method: ["GET", "HEAD"],
      url: PMTILES_PATH,
      schema: { hide: true },
      handler: async (request, reply) => {
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) {
          return reply.status(404).send({ statusCode: 404, error: "Not Found", description: "map.noTiles" });
        }
        const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
        void reply
          .header("accept-ranges", "bytes")
          .header("content-type", "application/vnd.pmtiles")
          .header("etag", etag)
          .header("cache-control", "public, max-age=3600");
        const range = parseByteRange(request.headers.range, info.size);
        if (range === "unsatisfiable") {
          return reply.status(416).header("content-range", `bytes */${info.size}`).send();
        }
        const { start, end } = range ?? { start: 0, end: info.size - 1 };
        void reply.header("content-length", String(end - start + 1));
        if (range) void reply.status(206).header("content-range", `bytes ${start}-${end}/${info.size}`);
        if (request.method === "HEAD" || info.size === 0) return reply.send();
        return reply.send(createReadStream(file, { start, end }));
      },
    });
  };
}
