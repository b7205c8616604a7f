import { companyApi, customStatesApi, devicesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listDeviceTypes } from "../items/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { catalogueRoutes } from "./catalogues.ts";
import { companyInfo, customStatesOf } from "./info.ts";
import {
  COMPANY_ROLES,
  COST_INPUTS,
  MAINTENANCE_INPUTS,
  SIM_TYPES,
  TICKET_INPUTS,
  timezones,
  userInputs,
} from "./inputs.ts";
import { companyRow, storedCustomStates } from "./store.ts";

/**
 * The company's own part of the company load under /companies/id/:companyId (mounted by `src/app/` after
 * the scope hook); the item collections are served by their capabilities.
 */
export function companyRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, companyApi.info, async (request) =>
      companyInfo(await companyRow(ctx.db, scopeOf(request))),
    );
    mountRoute(app, devicesApi.trackerInputs, async () => ({
      types: await listDeviceTypes(ctx.db),
      simTypes: SIM_TYPES,
    }));
    mountRoute(app, companyApi.timezones, async () => timezones());
    mountRoute(app, companyApi.maintenanceInputs, async () => MAINTENANCE_INPUTS);
    mountRoute(app, companyApi.costInputs, async () => COST_INPUTS);
    mountRoute(app, companyApi.ticketInputs, async () => TICKET_INPUTS);
    mountRoute(app, companyApi.userInputs, async () => userInputs(COMPANY_ROLES));
    mountRoute(app, customStatesApi.list, async (request) =>
      customStatesOf(await storedCustomStates(ctx.db, scopeOf(request))),
    );
    await app.register(catalogueRoutes(ctx));
  };
}
