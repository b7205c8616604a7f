import { workerAppApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateAppDevice } from "../app-config/index.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { personFilter, TicketService, type TicketsContext } from "./service.ts";
import { loadTicket, personTicketIds } from "./store.ts";

/**
 * The worker app's tasks, read and commented as its device (id and key, as for its upload): the tickets not closed
 * that are linked to the device's person. A device on no person has none; another person's ticket is not found.
 */
export function deviceTicketRoutes(ctx: TicketsContext): FastifyPluginAsyncZod {
  const tickets = new TicketService(ctx);
  return async (app) => {
    mountRoute(app, workerAppApi.tickets, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      if (device.personId === null) return [];
      const ids = await personTicketIds(ctx.db, device.companyId, device.personId);
      const loaded = await Promise.all(
        ids.map((id) => loadTicket(ctx.db, personFilter(device.companyId), id)),
      );
      return loaded.flatMap((t) => (t === null ? [] : [t]));
    });

    mountRoute(app, workerAppApi.comment, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      if (device.personId === null || device.personName === null) throw notFound();
      return tickets.deviceComment(
        { companyId: device.companyId, personId: device.personId, author: device.personName },
        request.params.id,
        request.body.text,
      );
    });
  };
}
