import { type SensorSetting, sensorsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";

async function readSettings(ctx: KernelContext, companyId: number): Promise<SensorSetting[]> {
  return ctx.db.query<SensorSetting>(
    `select key, name, unit, multiplier, hidden from sensor_settings where company_id = $1 order by key`,
    [companyId],
  );
}

/** The company's sensor settings: everyone of the company reads them (the panel), administrators write. */
export function sensorRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, sensorsApi.settings, async (request) => ({
      settings: await readSettings(ctx, scopeOf(request).companyId),
    }));

    mountRoute(app, sensorsApi.saveSettings, async (request) => {
      const scope = scopeOf(request);
      // Rows that change nothing are not kept, so the table holds only real edits; the last of a key wins.
      const byKey = new Map(request.body.settings.map((s) => [s.key, s]));
      const rows = [...byKey.values()].filter(
        (s) => s.name !== "" || s.unit !== "" || s.multiplier !== null || s.hidden,
      );
      await ctx.db.transaction(async (tx) => {
        await tx.query("delete from sensor_settings where company_id = $1", [scope.companyId]);
        if (rows.length > 0)
          await tx.query(
            `insert into sensor_settings (company_id, key, name, unit, multiplier, hidden)
             select $1, r.key, r.name, r.unit, r.multiplier, r.hidden
             from jsonb_to_recordset($2::jsonb) as r(key text, name text, unit text, multiplier double precision, hidden boolean)`,
            [scope.companyId, JSON.stringify(rows)],
          );
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
      return { settings: await readSettings(ctx, scope.companyId) };
    });
  };
}
