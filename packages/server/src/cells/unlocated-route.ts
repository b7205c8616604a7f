import { devicesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";

/** How many towers or APs a report's `cells`/`wifi` text lists (space separated). */
const listed = (text: unknown): number =>
  typeof text === "string" && text !== "" ? text.split(" ").length : 0;

/**
 * Why an item has no current position: the newest report of its device that no table or service could place
 * (quarantined as `noFix`). Scoped like the item itself: the company, and a sub-administrator's groups.
 */
export function unlocatedRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, devicesApi.unlocated, async (request) => {
      const scope = scopeOf(request);
      const itemType = request.params.itemType as 1 | 2 | 3;
      await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], request.params.itemId);
      const rows = await ctx.db.query<{
        received_ts: number;
        position: { ts?: unknown; attributes?: Record<string, unknown> } | null;
      }>(
        `select q.received_ts::float8 as received_ts, q.position from ingest_quarantine q
         join devices d on d.id = q.device_id
         where d.company_id = $1 and d.item_type = $2 and d.item_id = $3 and q.company_id = $1 and q.reason = 'noFix'
         order by q.received_ts desc limit 1`,
        [scope.companyId, itemType, request.params.itemId],
      );
      const row = rows[0];
      if (!row) return { report: null };
      const ts = typeof row.position?.ts === "number" ? row.position.ts : row.received_ts;
      return {
        report: {
          ts,
          receivedTs: row.received_ts,
          towers: listed(row.position?.attributes?.cells),
          accessPoints: listed(row.position?.attributes?.wifi),
        },
      };
    });
  };
}
