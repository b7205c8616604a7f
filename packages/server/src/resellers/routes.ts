import { ROLES } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COST_INPUTS, SIM_TYPES, TICKET_INPUTS, timezones, userInputs } from "../companies/index.ts";
import { listDeviceTypes } from "../items/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";
import { registerUnknownDeviceRoutes } from "./unknown-devices.ts";

const tags = ["reseller load"];

const COMPANY_STATES = {
  "0": { id: 0, name: "active" },
  "1": { id: 1, name: "active" },
  "2": { id: 2, name: "neutral" },
  "3": { id: 3, name: "suspended" },
  "4": { id: 4, name: "deactivated" },
};

/** The reseller-load calls (spec 01 §7). Reseller-level users only; scoped to their reseller subtree. */
export function resellerRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("", { schema: { tags } }, async (request) => {
      const allowed = await visibleResellerIds(ctx.db, principalOf(request));
      const rows = await ctx.db.query<{
        id: number;
        name: string;
        parentId: number | null;
        children: number[];
      }>(
        `select r.id, r.name, r.parent_id as "parentId", r.email, r.phone,
           coalesce((select array_agg(c.id order by c.id) from resellers c where c.parent_id = r.id), '{}') as children
         from resellers r where ($1::int[] is null or r.id = any($1::int[])) order by r.id`,
        [allowed],
      );
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
    app.get("/users/inputs", { schema: { tags } }, async () => userInputs(ROLES));
    app.get("/timezones", { schema: { tags } }, async () => timezones());
    app.get("/states", { schema: { tags } }, async () => COMPANY_STATES);
    registerUnknownDeviceRoutes(app, ctx, tags);
  };
}

/** The reseller-load calls of one reseller subtree, mounted under /resellers/id/:resellerId after its scope hook. */
export function oneResellerRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (one) => {
    one.get("/companies", { schema: { tags } }, async (request) => {
      const scope = resellerScopeOf(request);
      const rows = await ctx.db.query<{ id: number }>(
        `select id, name, state, reseller_id as "resellerId", email, phone, address, nif, contact, demo,
               country_id as "countryId", licenses, retention_days as "retentionDays", created_ts as "createdTs"
             from companies where reseller_id = any($1::int[]) order by name`,
        [scope.resellerIds],
      );
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
    one.get("/supports", { schema: { tags } }, async (request) => {
      const rows = await ctx.db.query<{ conf: { supports?: unknown[] } }>(
        "select conf from resellers where id = $1",
        [resellerScopeOf(request).resellerId],
      );
      const list = (rows[0]?.conf.supports ?? []) as { id: number }[];
      return Object.fromEntries(list.map((s) => [s.id, s]));
    });
    one.get("/trackers/inputs", { schema: { tags } }, async () => ({
      types: await listDeviceTypes(ctx.db),
      simTypes: SIM_TYPES,
    }));
    one.get("/tickets/inputs", { schema: { tags } }, async () => TICKET_INPUTS);
    one.get("/costs/inputs", { schema: { tags } }, async () => COST_INPUTS);
  };
}
