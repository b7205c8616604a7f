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
import { storedSupportContacts, treeCompanies, visibleResellers } from "./store.ts";
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
      const rows = await visibleResellers(ctx.db, allowed);
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
      const rows = await treeCompanies(ctx.db, scope.resellerIds);
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    });
    mountRoute(one, resellersApi.supports, async (request) => {
      const supports = await storedSupportContacts(ctx.db, resellerScopeOf(request).resellerId);
      const list = storedSupports.parse(supports ?? []).flatMap((entry) => {
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
