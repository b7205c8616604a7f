import { devicesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";

const DAY_MS = 86_400_000;

/**
 * Where the cell and Wi-Fi tables stand, for reseller staff deciding whether to import a table. The tower and
 * access-point tables are shared by everyone (public data); what a company learned and which frames stayed
 * without a position are counted only over the caller's reseller subtree.
 */
export function cellRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, devicesApi.cellTables, async (request) => {
      const allowed = await visibleResellerIds(ctx.db, principalOf(request));
      const [sizes] = await ctx.db.query<{ towers: number; aps: number }>(
        "select (select count(*) from cell_towers)::float8 as towers, (select count(*) from wifi_aps)::float8 as aps",
      );
      const [learned] = await ctx.db.query<{ n: number }>(
        `select count(*)::float8 as n from company_wifi_aps w join companies c on c.id = w.company_id
         where $1::int[] is null or c.reseller_id = any($1::int[])`,
        [allowed],
      );
      const [unresolved] = await ctx.db.query<{ n: number }>(
        `select count(*)::float8 as n from ingest_quarantine q left join devices d on d.id = q.device_id
           left join companies c on c.id = q.company_id
         where q.reason = 'noFix' and q.received_ts >= $2
           and ($1::int[] is null or d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[]))`,
        [allowed, ctx.clock.now() - DAY_MS],
      );
      const imports = await ctx.db.query<{
        file_key: string;
        lines: number;
        imported: number;
        errors: number;
        done: boolean;
        updated_ts: number;
      }>(
        `select file_key, lines::float8 as lines, imported::float8 as imported, errors::float8 as errors, done,
           updated_ts::float8 as updated_ts from cell_imports order by updated_ts desc limit 50`,
      );
      return {
        towers: sizes?.towers ?? 0,
        accessPoints: sizes?.aps ?? 0,
        learnedAccessPoints: learned?.n ?? 0,
        onlineService: ctx.config.geolocationUrl !== null,
        unresolvedLastDay: unresolved?.n ?? 0,
        imports: imports.map((r) => {
          const wifi = r.file_key.startsWith("wifi:");
          // The key is `[wifi:]name:size:mtime`; the name may itself hold colons.
          const file = (wifi ? r.file_key.slice(5) : r.file_key).split(":").slice(0, -2).join(":");
          return {
            table: wifi ? ("wifi" as const) : ("cells" as const),
            file,
            lines: r.lines,
            imported: r.imported,
            errors: r.errors,
            done: r.done,
            updatedTs: r.updated_ts,
          };
        }),
      };
    });
  };
}
