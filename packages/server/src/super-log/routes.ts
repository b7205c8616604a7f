import { isSuperResellerOrHigher, superLogApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { platformLog } from "./store.ts";

const LIMIT = 20_000;
const WEEK_MS = 7 * 86_400_000;

/** GET resellers/log: every tenant's audit lines, for the super reseller only (the company /log stays scoped). */
export function superLogRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, superLogApi.list, async (request) => {
      // The contract lets every reseller-level user through; this narrower rule answers after the query is validated.
      if (!isSuperResellerOrHigher(principalOf(request).role)) throw forbidden();
      const { from_ts, to_ts, action, q } = request.query;
      const to = to_ts ?? ctx.clock.now();
      const from = from_ts ?? to - WEEK_MS;
      return platformLog(ctx.db, { from, to, action: action ?? null, q: q ?? null, limit: LIMIT });
    });
  };
}
