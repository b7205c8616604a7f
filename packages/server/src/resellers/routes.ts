import { ROLES, resellersApi, supportContactSchema } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COST_INPUTS, SIM_TYPES, TICKET_INPUTS, timezones, userInputs } from "../companies/index.ts";
import { listDeviceTypes } from "../items/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";
import { registerOverviewRoute } from "./overview.ts";
import { registerQuarantineRoutes } from "./quarantine.ts";
import { registerUnknownDeviceRoutes } from "./unknown-devices.ts";

const COMPANY_STATES = {
  "0": { id: 0, name: "active" },
  "1": { id: 1, name: "active" },
  "2": { id: 2, name: "neutral" },
  "3": { id: 3, name: "suspended" },
  "4": { id: 4, name: "deactivated" },
};

/** The support contacts kept in a reseller's configuration; an entry of another shape is not served. */
const storedSupports = z.array(z.unknown()).catch([]);

/** The reseller-load calls. Reseller-level users only; scoped to their reseller subtree. */
export function resellerRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, resellersApi.list, async (request) => {
      const allowed = await visibleResellerIds(ctx.db, principalOf(request));
      const rows = await ctx.db.query<{
        id: number;
        name: string;
        parentId: number | null;
        email: string;
        phone: string;
        allowMapProvider: boolean;
        children: number[];
      }>(
        `select r.id, r.name, r.parent_id as "parentId", r.email, r.phone,
           coalesce((r.conf->>'allowMapProvider')::boolean, false) as "allowMapProvider",
           coalesce((select array_agg(c.id order by c.id) from resellers c where c.parent_id = r.id), '{}') as children
         from resellers r where ($1::int[] is null or r.id = any($1::int[])) order by r.id`,
        [allowed],
      );
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
    mountRoute(app, resellersApi.userInputs, async () => userInputs(ROLES));
    mountRoute(app, resellersApi.timezones, async () => timezones());
    mountRoute(app, resellersApi.states, async () => COMPANY_STATES);
    registerUnknownDeviceRoutes(app, ctx);
    registerQuarantineRoutes(app, ctx);
  };
}

/** The reseller-load calls of one reseller subtree, mounted under /resellers/id/:resellerId after its scope hook. */
export function oneResellerRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (one) => {
    mountRoute(one, resellersApi.companies, async (request) => {
      const scope = resellerScopeOf(request);
      const rows = await ctx.db.query<{
        id: number;
        name: string;
        state: number;
        resellerId: number;
        email: string;
        phone: string;
        address: string;
        nif: string;
        contact: string;
        demo: boolean;
        countryId: string;
        licenses: {
          vehicleTotal: number;
          vehicleBillable: number;
          assetTotal: number;
          assetBillable: number;
        };
        used: { vehicles: number; assets: number };
        retentionDays: number;
        createdTs: number;
      }>(
        `select id, name, state, reseller_id as "resellerId", email, phone, address, nif, contact, demo,
               country_id as "countryId", licenses, retention_days as "retentionDays", created_ts as "createdTs",
               jsonb_build_object(
                 'vehicles', (select count(*) from vehicles v where v.company_id = c.id),
                 'assets', (select count(*) from assets a where a.company_id = c.id)) as used
             from companies c where reseller_id = any($1::int[]) order by name`,
        [scope.resellerIds],
      );
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
    mountRoute(one, resellersApi.supports, async (request) => {
      const rows = await ctx.db.query<{ conf: { supports?: unknown } }>(
        "select conf from resellers where id = $1",
        [resellerScopeOf(request).resellerId],
      );
      const list = storedSupports.parse(rows[0]?.conf.supports ?? []).flatMap((entry) => {
        const contact = supportContactSchema.safeParse(entry);
        return contact.success ? [contact.data] : [];
      });
      return Object.fromEntries(list.map((s) => [s.id, s]));
    });
    mountRoute(one, resellersApi.trackerInputs, async () => ({
      types: await listDeviceTypes(ctx.db),
      simTypes: SIM_TYPES,
    }));
    registerOverviewRoute(one, ctx);
    mountRoute(one, resellersApi.ticketInputs, async () => TICKET_INPUTS);
    mountRoute(one, resellersApi.costInputs, async () => COST_INPUTS);
  };
}
