import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";
import {
  ticketAssigneeSchema,
  ticketCommentInputSchema,
  ticketCountSchema,
  ticketFromIncidentSchema,
  ticketFromNoticeSchema,
  ticketInputSchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketStateChangeSchema,
  ticketSummarySchema,
  ticketTaskInputSchema,
  ticketTaskUpdateSchema,
} from "../tickets.ts";

const companyParams = z.object({ companyId: idParam });
const ticketParams = z.object({ companyId: idParam, id: idParam });
const taskParams = z.object({ companyId: idParam, id: idParam, taskId: idParam });
const resellerParams = z.object({ resellerId: idParam });
const resellerTicketParams = z.object({ resellerId: idParam, id: idParam });
const list = z.record(z.string(), ticketSummarySchema);

const tags = ["tickets"] as const;

/**
 * Tickets (spec 02 §3-§4): a company's incidents and service requests with their state history, tasks and
 * comments; the reseller's view of the service requests its companies address to it (/ticketsAdmin).
 */
export const ticketsApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tickets",
    summary: "Tickets in the caller's scope, keyed by id",
    tags,
    params: companyParams,
    query: ticketListQuerySchema,
    response: list,
  }),
  count: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tickets/count",
    summary: "How many tickets in the caller's scope are not closed, by type",
    tags,
    params: companyParams,
    response: ticketCountSchema,
  }),
  assignees: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tickets/assignees",
    summary: "Users of the company a ticket may be assigned to",
    tags,
    params: companyParams,
    response: z.array(ticketAssigneeSchema),
  }),
  one: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tickets/id/:id",
    summary: "One ticket with its history, tasks and comments",
    tags,
    params: ticketParams,
    response: ticketSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/tickets",
    summary: "Open a ticket (operators too, even read-only ones)",
    tags,
    params: companyParams,
    body: ticketInputSchema,
    response: ticketSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/tickets/id/:id",
    summary: "Change a ticket's title, description, priority, assignee or links",
    tags,
    params: ticketParams,
    body: ticketInputSchema,
    response: ticketSchema,
  }),
  setState: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/tickets/id/:id/state",
    summary: "Move a ticket to another state (reopen included), with a note",
    tags,
    params: ticketParams,
    body: ticketStateChangeSchema,
    response: ticketSchema,
  }),
  comment: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/tickets/id/:id/comments",
    summary: "Add a comment, optionally with files",
    tags,
    params: ticketParams,
    body: ticketCommentInputSchema,
    response: ticketSchema,
  }),
  addTask: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/tickets/id/:id/tasks",
    summary: "Add a task to the ticket's checklist",
    tags,
    params: ticketParams,
    body: ticketTaskInputSchema,
    response: ticketSchema,
  }),
  setTask: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/tickets/id/:id/tasks/id/:taskId",
    summary: "Tick or untick a task (who and when are kept)",
    tags,
    params: taskParams,
    body: ticketTaskUpdateSchema,
    response: ticketSchema,
  }),
  fromNotice: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarmlogs/id/:logId/ticket",
    summary: "Open a ticket linked to an alarm notice (its item and text)",
    tags,
    params: z.object({ companyId: idParam, logId: idParam }),
    body: ticketFromNoticeSchema,
    response: ticketSchema,
  }),
  fromIncident: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/incidents/ticket",
    summary: "Open a ticket from an incident of /incidents, linked to its item; 409 when it already has one",
    tags,
    params: companyParams,
    body: ticketFromIncidentSchema,
    response: ticketSchema,
  }),
  resellerList: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/tickets",
    summary: "Service requests of the reseller's companies, keyed by id",
    tags,
    params: resellerParams,
    query: ticketListQuerySchema,
    response: list,
  }),
  resellerCount: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/tickets/count",
    summary: "How many service requests of the reseller's companies are not closed",
    tags,
    params: resellerParams,
    response: ticketCountSchema,
  }),
  resellerOne: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/tickets/id/:id",
    summary: "One service request of the reseller's companies",
    tags,
    params: resellerTicketParams,
    response: ticketSchema,
  }),
  resellerComment: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/tickets/id/:id/comments",
    summary: "Answer a service request (the company sees the answer)",
    tags,
    params: resellerTicketParams,
    body: ticketCommentInputSchema,
    response: ticketSchema,
  }),
  resellerSetState: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/tickets/id/:id/state",
    summary: "Move a service request to another state, with a note",
    tags,
    params: resellerTicketParams,
    body: ticketStateChangeSchema,
    response: ticketSchema,
  }),
};
