import {
  companyApi,
  eventCatalogue,
  iconCatalogue,
  ioList,
  type SensorSetting,
  sensorList,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";

/** The company's sensors: the catalogues of the protocols its devices speak, with its sensor settings. */
async function companySensors(ctx: KernelContext, companyId: number) {
  const protocols = await ctx.db.query<{ proto: string }>(
    `select distinct t.proto from devices d join device_types t on t.id = d.type_id where d.company_id = $1
     order by t.proto`,
    [companyId],
  );
  const settings = await ctx.db.query<SensorSetting>(
    "select key, name, unit, multiplier, hidden from sensor_settings where company_id = $1",
    [companyId],
  );
  return sensorList(
    protocols.map((p) => p.proto),
    settings,
  );
}

/** The company-load catalogues of events, sensors, inputs/outputs and icons (spec 01 §7). */
export function catalogueRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, companyApi.events, async () => eventCatalogue());
    mountRoute(app, companyApi.icons, async () => iconCatalogue());
    mountRoute(app, companyApi.sensors, async (request) => companySensors(ctx, scopeOf(request).companyId));
    mountRoute(app, companyApi.ios, async (request) =>
      ioList(await companySensors(ctx, scopeOf(request).companyId)),
    );
  };
}
