import { isSuperResellerOrHigher, usersStatsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";

const DAY_MS = 86_400_000;

/** GET resellers/stats: platform use per UTC day, for the super reseller only; bounded to 30 days. */
export function usersStatsRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, usersStatsApi.get, async (request) => {
      // The contract lets every reseller-level user through; this narrower rule answers after the query is validated.
      if (!isSuperResellerOrHigher(principalOf(request).role)) throw forbidden();
      const span = request.query.days ?? 30;
      const toTs = ctx.clock.now();
      const fromTs = (Math.floor(toTs / DAY_MS) - span + 1) * DAY_MS;
      const days = await ctx.db.query<{ day: number; activeUsers: number; signIns: number }>(
        `select (floor(ts / ${DAY_MS}) * ${DAY_MS})::float8 as day,
           count(distinct user_id)::int as "activeUsers",
           (count(*) filter (where action = 'login'))::int as "signIns"
         from audit_log where ts >= $1 and ts <= $2
         group by 1 order by 1`,
        [fromTs, toTs],
      );
      // item_days holds one row per item and day, so positions stay a cheap sum over 30 days at most.
      const resellers = await ctx.db.query<{
        day: number;
        resellerId: number;
        resellerName: string;
        items: number;
        positions: number;
      }>(
        `select (floor(d.day_start_ts / ${DAY_MS}) * ${DAY_MS})::float8 as day, r.id as "resellerId",
           r.name as "resellerName", count(distinct (d.item_type, d.item_id))::int as items,
           coalesce(sum(d.points), 0)::float8 as positions
         from item_days d join companies c on c.id = d.company_id join resellers r on r.id = c.reseller_id
         where d.day_start_ts >= $1 and d.day_start_ts <= $2
         group by 1, 2, 3 order by 1, 3`,
        [fromTs, toTs],
      );
      return { fromTs, toTs, days, resellers };
    });
  };
}
