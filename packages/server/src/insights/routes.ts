import { insightsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TimeZoneCache } from "../derived/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { dashboard } from "./dashboard.ts";
import { heatmap } from "./heatmap.ts";
import { incidents } from "./incidents.ts";

/** Dashboard, heat map and incidents: read-only, every role, over the items the user's scope sees. */
export function insightsRoutes(ctx: KernelContext & { timeZones: TimeZoneCache }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, insightsApi.dashboard, async (request) => {
      const q = request.query;
      const scope = scopeOf(request);
      const timeZone = await ctx.timeZones.get(scope.companyId);
      return dashboard(ctx.db, scope, { fromTs: q.from_ts, toTs: q.to_ts, groupIds: q.groupIds, timeZone });
    });
    mountRoute(app, insightsApi.heatmap, async (request) => {
      const q = request.query;
      return heatmap(ctx.db, scopeOf(request), {
        layer: q.layer,
        fromTs: q.from_ts,
        toTs: q.to_ts,
        resolution: q.resolution,
        groupIds: q.groupIds,
        items: q.items,
      });
    });
    mountRoute(app, insightsApi.incidents, async (request) => {
      const q = request.query;
      return incidents(ctx.db, scopeOf(request), { fromTs: q.from_ts, toTs: q.to_ts, groupIds: q.groupIds });
    });
  };
}
