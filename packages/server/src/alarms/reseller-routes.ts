import { alarmsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { resellerScopeOf as scopeOf } from "../kernel/http/reseller-scope.ts";
import type { ResellerScope } from "../kernel/tenancy/scope.ts";
import { type AlarmRoutesContext, byId, updateLogState } from "./routes.ts";
import { queryLogs } from "./store.ts";

async function companiesOf(ctx: KernelContext, scope: ResellerScope): Promise<number[]> {
  const rows = await ctx.db.query<{ id: number }>(
    "select id from companies where reseller_id = any($1::int[])",
    [scope.resellerIds],
  );
  return rows.map((r) => r.id);
}

/**
 * Reseller-level alarm calls, mounted under /resellers/id/:resellerId after its scope hook: notices of every
 * company of the reseller subtree (/reselleralarms), their state, and the alarm-receiving centres.
 */
export function resellerAlarmRoutes(ctx: AlarmRoutesContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, alarmsApi.resellerNotices, async (request) => {
      const scope = scopeOf(request);
      const logs = await queryLogs(ctx.db, {
        companyIds: await companiesOf(ctx, scope),
        groupIds: null,
        userId: scope.principal.userId,
        fromTs: request.query.from_ts,
        toTs: request.query.to_ts,
      });
      return byId(logs);
    });

    mountRoute(app, alarmsApi.resellerSetNoticeState, async (request) => {
      const scope = scopeOf(request);
      return updateLogState(
        ctx,
        { companyIds: await companiesOf(ctx, scope), groupIds: null, principal: scope.principal },
        request.params.logId,
        request.body,
      );
    });

    mountRoute(app, alarmsApi.resellerCras, async (request) => {
      const rows = await ctx.db.query<{ id: number; name: string; url: string; resellerId: number }>(
        `select id, name, url, reseller_id as "resellerId" from cras where reseller_id = any($1::int[]) order by name`,
        [scopeOf(request).resellerIds],
      );
      return byId(rows);
    });

    mountRoute(app, alarmsApi.createCra, async (request) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<{ id: number; name: string; url: string }>(
        "insert into cras (reseller_id, name, url, created_ts) values ($1, $2, $3, $4) returning id, name, url",
        [scope.resellerId, request.body.name, request.body.url, ctx.clock.now()],
      );
      const cra = rows[0];
      if (!cra) throw new Error("insert into cras returned no row");
      return cra;
    });
  };
}
