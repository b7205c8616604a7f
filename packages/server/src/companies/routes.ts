import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { alarmRoutes } from "../alarms/routes.ts";
import { auditRoutes } from "../audit/routes.ts";
import type { AppContext } from "../context.ts";
import { companyDeviceRoutes, companyDevices } from "../devices/routes.ts";
import { groupRoutes } from "../groups/routes.ts";
import { driverRoutes } from "../items/driver-routes.ts";
import { listAssets, listDeviceTypes, listDrivers, listPersons, listVehicles } from "../items/read-models.ts";
import { assetRoutes, personRoutes } from "../items/simple-routes.ts";
import { liveRoutes } from "../live/routes.ts";
import { placesRoutes } from "../places/routes.ts";
import { companyUserRoutes } from "../users/admin-routes.ts";
import { vehicleRoutes } from "../vehicles/routes.ts";
import { worktimeRoutes } from "../worktimes/routes.ts";
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
import { companyScopeHook, scopeOf } from "./scope-hook.ts";

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

/** Everything mounted under /companies/id/:companyId; the scope hook runs first for all of it. */
export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest("companyScope", null);
    // onRequest, before body validation: a foreign tenant learns nothing, not even which fields are wrong.
    app.addHook("onRequest", companyScopeHook(ctx));
    const tags = ["company load"];

    app.get("/info", { schema: { tags } }, async (request) =>
      companyInfo(ctx.db, scopeOf(request).companyId),
    );
    app.get("/vehicles", { schema: { tags } }, async (request) => listVehicles(ctx.db, scopeOf(request)));
    app.get("/assets", { schema: { tags } }, async (request) => listAssets(ctx.db, scopeOf(request)));
    app.get("/persons", { schema: { tags } }, async (request) => listPersons(ctx.db, scopeOf(request)));
    app.get("/drivers", { schema: { tags } }, async (request) => listDrivers(ctx.db, scopeOf(request)));
    app.get("/trackers", { schema: { tags } }, async (request) => companyDevices(ctx.db, scopeOf(request)));
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
    await app.register(liveRoutes(ctx));
    await app.register(vehicleRoutes(ctx));
    await app.register(assetRoutes(ctx));
    await app.register(personRoutes(ctx));
    await app.register(driverRoutes(ctx));
    await app.register(groupRoutes(ctx));
    await app.register(worktimeRoutes(ctx));
    await app.register(companyUserRoutes(ctx));
    await app.register(companyDeviceRoutes(ctx));
    await app.register(auditRoutes(ctx));
    await app.register(alarmRoutes(ctx));
    await app.register(placesRoutes(ctx));
    for (const path of NOT_YET_BUILT) {
      app.get(`/${path}`, { schema: { tags } }, async () => ({}));
    }
  };
}
