import { ticketsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mountRoute } from "../kernel/contract.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import type { ResellerScope } from "../kernel/tenancy/scope.ts";
import { type Actor, TicketService, type TicketsContext } from "./service.ts";
import { countOpen, listTickets } from "./store.ts";

const actorOf = (scope: ResellerScope): Actor => ({
  principal: scope.principal,
  provider: true,
  filter: { kind: "reseller", resellerIds: scope.resellerIds },
});

/**
 * /ticketsAdmin, mounted under /resellers/id/:resellerId after its scope hook: the service requests the
 * companies of the reseller subtree address to their provider, which its staff answer and move along.
 * Incidents never reach here: they stay inside the company.
 */
export function resellerTicketRoutes(ctx: TicketsContext): FastifyPluginAsyncZod {
  const tickets = new TicketService(ctx);
  return async (app) => {
    mountRoute(app, ticketsApi.resellerList, async (request) => {
      const list = await listTickets(ctx.db, actorOf(resellerScopeOf(request)).filter, request.query);
      return Object.fromEntries(list.map((t) => [t.id, t]));
    });

    mountRoute(app, ticketsApi.resellerCount, async (request) =>
      countOpen(ctx.db, actorOf(resellerScopeOf(request)).filter),
    );

    mountRoute(app, ticketsApi.resellerOne, async (request) =>
      tickets.load(actorOf(resellerScopeOf(request)), request.params.id),
    );

    mountRoute(app, ticketsApi.resellerComment, async (request) => {
      const scope = resellerScopeOf(request);
      return tickets.comment(actorOf(scope), request.params.id, request.body.text, request.body.attachments);
    });

    mountRoute(app, ticketsApi.resellerSetState, async (request) => {
      const scope = resellerScopeOf(request);
      return tickets.setState(actorOf(scope), request.params.id, request.body.state, request.body.note);
    });
  };
}
