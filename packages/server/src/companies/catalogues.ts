import { companyApi, eventCatalogue, iconCatalogue, ioList, sensorList } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyProtocols, companySensorSettings } from "./store.ts";

/** The company's sensors: the catalogues of the protocols its devices speak, with its sensor settings. */
async function companySensors(ctx: KernelContext, scope: CompanyScope) {
  return sensorList(await companyProtocols(ctx.db, scope), await companySensorSettings(ctx.db, scope));
}

/** The company-load catalogues of events, sensors, inputs/outputs and icons. */
export function catalogueRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, companyApi.events, async () => eventCatalogue());
    mountRoute(app, companyApi.icons, async () => iconCatalogue());
    mountRoute(app, companyApi.sensors, async (request) => companySensors(ctx, scopeOf(request)));
    mountRoute(app, companyApi.ios, async (request) => ioList(await companySensors(ctx, scopeOf(request))));
  };
}
