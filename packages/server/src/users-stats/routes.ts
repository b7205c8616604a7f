import { DAY_MS, isSuperResellerOrHigher, usersStatsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { platformUse } from "./store.ts";

/** GET resellers/stats: platform use per UTC day, for the super reseller only; bounded to 30 days. */
export function usersStatsRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, usersStatsApi.get, async (request) => {
      // The contract lets every reseller-level user through; this narrower rule answers after the query is validated.
      if (!isSuperResellerOrHigher(principalOf(request).role)) throw forbidden();
      const span = request.query.days ?? 30;
      const toTs = ctx.clock.now();
      const fromTs = (Math.floor(toTs / DAY_MS) - span + 1) * DAY_MS;
      return { fromTs, toTs, ...(await platformUse(ctx.db, fromTs, toTs)) };
    });
  };
}
