import { ITEM_TYPE, ticketsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findIncident } from "../insights/index.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { type Actor, TicketService, type TicketsContext } from "./service.ts";
import { assignees, countOpen, listTickets, noticeInScope } from "./store.ts";

const byId = <T extends { id: number }>(list: T[]): Record<string, T> =>
  Object.fromEntries(list.map((x) => [x.id, x]));

const actorOf = (scope: CompanyScope): Actor & { companyId: number; groupIds: number[] | null } => ({
  principal: scope.principal,
  companyId: scope.companyId,
  groupIds: scope.groupIds,
  provider: false,
  filter: {
    kind: "company",
    companyId: scope.companyId,
    groupIds: scope.groupIds,
    userId: scope.principal.userId,
  },
});

/** A company's tickets: every user with the company reads them, writers change them. */
export function ticketRoutes(ctx: TicketsContext): FastifyPluginAsyncZod {
  const tickets = new TicketService(ctx);
  return async (app) => {
    mountRoute(app, ticketsApi.list, async (request) =>
      byId(await listTickets(ctx.db, actorOf(scopeOf(request)).filter, request.query)),
    );

    mountRoute(app, ticketsApi.count, async (request) => countOpen(ctx.db, actorOf(scopeOf(request)).filter));

    mountRoute(app, ticketsApi.assignees, async (request) => assignees(ctx.db, scopeOf(request).companyId));

    mountRoute(app, ticketsApi.one, async (request) =>
      tickets.load(actorOf(scopeOf(request)), request.params.id),
    );

    mountRoute(app, ticketsApi.create, async (request) =>
      tickets.create(actorOf(scopeOf(request)), request.body),
    );

    mountRoute(app, ticketsApi.update, async (request) =>
      tickets.update(actorOf(scopeOf(request)), request.params.id, request.body),
    );

    mountRoute(app, ticketsApi.setState, async (request) =>
      tickets.setState(actorOf(scopeOf(request)), request.params.id, request.body.state, request.body.note),
    );

    mountRoute(app, ticketsApi.comment, async (request) =>
      tickets.comment(
        actorOf(scopeOf(request)),
        request.params.id,
        request.body.text,
        request.body.attachments,
      ),
    );

    mountRoute(app, ticketsApi.addTask, async (request) =>
      tickets.addTask(actorOf(scopeOf(request)), request.params.id, request.body.text),
    );

    mountRoute(app, ticketsApi.setTask, async (request) =>
      tickets.setTask(actorOf(scopeOf(request)), request.params.id, request.params.taskId, request.body.done),
    );

    mountRoute(app, ticketsApi.fromIncident, async (request) => {
      const scope = scopeOf(request);
      const actor = actorOf(scope);
      const { key, ...body } = request.body;
      const incident = await findIncident(ctx.db, scope, key);
      if (!incident) throw notFound();
      const linkKind =
        incident.itemType === ITEM_TYPE.vehicle
          ? "vehicle"
          : incident.itemType === ITEM_TYPE.asset
            ? "asset"
            : "person";
      return tickets.create(
        actor,
        { ...body, linkKind, linkId: incident.itemId, alarmLogId: incident.alarmLogId },
        key,
      );
    });

    mountRoute(app, ticketsApi.fromNotice, async (request) => {
      const scope = scopeOf(request);
      const actor = actorOf(scope);
      const log = await noticeInScope(ctx.db, scope, request.params.logId);
      if (!log) throw notFound();
      const kind =
        log.item_type === ITEM_TYPE.vehicle
          ? "vehicle"
          : log.item_type === ITEM_TYPE.asset
            ? "asset"
            : "person";
      return tickets.create(actor, {
        ...request.body,
        title: `${log.info.name}: ${log.item_name}`.slice(0, 120),
        description: log.data.text,
        linkKind: kind,
        linkId: log.item_id,
        alarmLogId: Number(log.id),
      });
    });
  };
}
