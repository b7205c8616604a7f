import { alarmsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mountRoute } from "../kernel/contract.ts";
import { resellerScopeOf as scopeOf } from "../kernel/http/reseller-scope.ts";
import { type AlarmRoutesContext, byId, updateLogState } from "./routes.ts";
import { insertCra, queryLogs, resellerCompanyIds, resellerCras } from "./store.ts";

/**
 * Reseller-level alarm calls, mounted under /resellers/id/:resellerId after its scope hook: notices of every
 * company of the reseller subtree (/reselleralarms), their state, and the alarm-receiving centres.
 */
export function resellerAlarmRoutes(ctx: AlarmRoutesContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, alarmsApi.resellerNotices, async (request) => {
      const scope = scopeOf(request);
      const logs = await queryLogs(ctx.db, {
        companyIds: await resellerCompanyIds(ctx.db, scope.resellerIds),
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
        {
          companyIds: await resellerCompanyIds(ctx.db, scope.resellerIds),
          groupIds: null,
          principal: scope.principal,
        },
        request.params.logId,
        request.body,
      );
    });

    mountRoute(app, alarmsApi.resellerCras, async (request) => {
      const rows = await resellerCras(ctx.db, scopeOf(request).resellerIds);
      return byId(rows);
    });

    mountRoute(app, alarmsApi.createCra, async (request) => {
      const scope = scopeOf(request);
      const { name, url } = request.body;
      return insertCra(ctx.db, { resellerId: scope.resellerId, name, url, now: ctx.clock.now() });
    });
  };
}
