import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listAssets, listDeviceTypes, listDrivers, listPersons, listVehicles } from "../items/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
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

/**
 * Collections whose capability lands in a later part of the platform answer with an empty object
 * (the client's "nothing yet" shape) rather than 404, so that company loading always completes.
 */
const NOT_YET_BUILT = [
  "events",
  "sensors",
  "icons",
  "ios",
  "imaps",
  "ibeacons",
  "ibeacons/inputs",
  "report_types",
] as const;

/** The company-load calls under /companies/id/:companyId (mounted by `src/app/` after the scope hook). */
export function companyRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["company load"];

    app.get("/info", { schema: { tags } }, async (request) =>
      companyInfo(ctx.db, scopeOf(request).companyId),
    );
    app.get("/vehicles", { schema: { tags } }, async (request) => listVehicles(ctx.db, scopeOf(request)));
    app.get("/assets", { schema: { tags } }, async (request) => listAssets(ctx.db, scopeOf(request)));
    app.get("/persons", { schema: { tags } }, async (request) => listPersons(ctx.db, scopeOf(request)));
    app.get("/drivers", { schema: { tags } }, async (request) => listDrivers(ctx.db, scopeOf(request)));
    app.get("/trackers/inputs", { schema: { tags } }, async () => ({
      types: await listDeviceTypes(ctx.db),
      simTypes: SIM_TYPES,
    }));
    app.get("/timezones", { schema: { tags } }, async () => timezones());
    app.get("/maintenances/inputs", { schema: { tags } }, async () => MAINTENANCE_INPUTS);
    app.get("/costs/inputs", { schema: { tags } }, async () => COST_INPUTS);
    app.get("/tickets/inputs", { schema: { tags } }, async () => TICKET_INPUTS);
    app.get("/users/inputs", { schema: { tags } }, async () => userInputs(COMPANY_ROLES));
    app.get("/states", { schema: { tags } }, async (request) => {
      const rows = await ctx.db.query<{ conf: { customStates?: unknown } }>(
        "select conf from companies where id = $1",
        [scopeOf(request).companyId],
      );
      return customStatesOf(rows[0]?.conf.customStates);
    });
    for (const path of NOT_YET_BUILT) {
      app.get(`/${path}`, { schema: { tags } }, async () => ({}));
    }
  };
}
