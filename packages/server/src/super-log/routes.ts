import { isSuperResellerOrHigher, type PlatformLogRow, superLogApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";

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
      return ctx.db.query<PlatformLogRow>(
        `select a.id::text as id, a.ts::float8 as ts, a.user_email as "userEmail", a.action, a.entity,
           a.entity_id as "entityId", a.company_id as "companyId", coalesce(c.name, '') as "companyName",
           coalesce(r.name, rc.name, '') as "resellerName", a.data
         from audit_log a left join companies c on c.id = a.company_id
           left join resellers r on r.id = a.reseller_id left join resellers rc on rc.id = c.reseller_id
         where a.ts between $1 and $2 and ($3::text is null or a.action = $3)
           and ($4::text is null or a.user_email ilike '%' || $4 || '%' or c.name ilike '%' || $4 || '%')
         order by a.ts desc, a.id desc limit $5`,
        [from, to, action ?? null, q ?? null, LIMIT],
      );
    });
  };
}
