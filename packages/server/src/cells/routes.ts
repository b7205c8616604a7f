import { DAY_MS, devicesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";
import { cellTableFigures } from "./store.ts";

/**
 * Where the cell and Wi-Fi tables stand, for reseller staff deciding whether to import a table. The tower and
 * access-point tables are shared by everyone (public data); what a company learned and which frames stayed
 * without a position are counted only over the caller's reseller subtree.
 */
export function cellRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, devicesApi.cellTables, async (request) => {
      const allowed = await visibleResellerIds(ctx.db, principalOf(request));
      const { sizes, learned, unresolved, imports } = await cellTableFigures(
        ctx.db,
        allowed,
        ctx.clock.now() - DAY_MS,
      );
      return {
        towers: sizes.towers,
        accessPoints: sizes.aps,
        learnedAccessPoints: learned,
        onlineService: ctx.config.geolocationUrl !== null,
        unresolvedLastDay: unresolved,
        imports: imports.map((r) => {
          const wifi = r.fileKey.startsWith("wifi:");
          // The key is `[wifi:]name:size:mtime`; the name may itself hold colons.
          const file = (wifi ? r.fileKey.slice(5) : r.fileKey).split(":").slice(0, -2).join(":");
          return {
            table: wifi ? ("wifi" as const) : ("cells" as const),
            file,
            lines: r.lines,
            imported: r.imported,
            errors: r.errors,
            done: r.done,
            updatedTs: r.updatedTs,
          };
        }),
      };
    });
  };
}
