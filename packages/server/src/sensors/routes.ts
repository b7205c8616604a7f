import { sensorsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { replaceSensorSettings, sensorSettings } from "./store.ts";

/** The company's sensor settings: everyone of the company reads them (the panel), administrators write. */
export function sensorRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, sensorsApi.settings, async (request) => ({
      settings: await sensorSettings(ctx.db, scopeOf(request)),
    }));

    mountRoute(app, sensorsApi.saveSettings, async (request) => {
      const scope = scopeOf(request);
      // Rows that change nothing are not kept, so the table holds only real edits; the last of a key wins.
      const byKey = new Map(request.body.settings.map((s) => [s.key, s]));
      const rows = [...byKey.values()].filter(
        (s) => s.name !== "" || s.unit !== "" || s.multiplier !== null || s.hidden,
      );
      await ctx.db.transaction(async (tx) => {
        await replaceSensorSettings(tx, scope, rows);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "sensorSettings",
            entityId: String(scope.companyId),
            data: { count: rows.length },
          },
          tx,
        );
      });
      return { settings: await sensorSettings(ctx.db, scope) };
    });
  };
}
