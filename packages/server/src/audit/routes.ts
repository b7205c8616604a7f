import { auditApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { companyAuditLog } from "./store.ts";

const LOG_LIMIT = 20_000;

/** GET companies/id/{cid}/log?from_ts&to_ts: the company's audit log (administrators), newest first. */
export function auditRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, auditApi.log, async (request) => {
      const scope = scopeOf(request);
      const to = request.query.to_ts ?? ctx.clock.now();
      const from = request.query.from_ts ?? to - 30 * 86_400_000;
      const rows = await companyAuditLog(ctx.db, scope, { from, to, limit: LOG_LIMIT });
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
  };
}
