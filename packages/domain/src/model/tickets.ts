/**
 * Tickets: an incident (stays inside the company) or a service request (addressed to the
 * provider, answered from the reseller's /ticketsAdmin). Shapes and state rules shared by the server, which
 * enforces them, and the web, which offers only the allowed moves.
 */
import { z } from "zod";
import { fileIdsSchema, storedFileSchema } from "./files.ts";

export const TICKET_TYPES = ["incident", "serviceRequest"] as const;
export const ticketTypeSchema = z.enum(TICKET_TYPES);
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const TICKET_STATES = ["open", "inProgress", "resolved", "closed"] as const;
export const ticketStateSchema = z.enum(TICKET_STATES);
export type TicketState = z.infer<typeof ticketStateSchema>;

export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

/** What a ticket may be linked to besides an alarm notice. */
export const TICKET_LINK_KINDS = ["vehicle", "asset", "person", "driver"] as const;
export const ticketLinkKindSchema = z.enum(TICKET_LINK_KINDS);
export type TicketLinkKind = z.infer<typeof ticketLinkKindSchema>;

/**
 * The allowed moves: forward through open → in progress → resolved → closed (steps may be skipped), and
 * back to open from resolved or closed (reopen). Nothing moves to the state it is in.
 */
const MOVES: Record<TicketState, readonly TicketState[]> = {
  open: ["inProgress", "resolved", "closed"],
  inProgress: ["open", "resolved", "closed"],
  resolved: ["inProgress", "closed", "open"],
  closed: ["open"],
};
export const nextTicketStates = (from: TicketState): readonly TicketState[] => MOVES[from];
export const canMoveTicket = (from: TicketState, to: TicketState): boolean => MOVES[from].includes(to);
/** Open, in progress and resolved tickets still need someone; closed ones do not. */
export const isTicketOpen = (state: TicketState): boolean => state !== "closed";

const id = z.number().int();
const trimmed = (max: number) => z.string().trim().max(max, "tooLong");

/** Create and edit: what the ticket form sends. */
export const ticketInputSchema = z
  .object({
    type: ticketTypeSchema,
    title: trimmed(120).min(1, "required"),
    description: trimmed(4000).default(""),
    priority: ticketPrioritySchema.default("medium"),
    assigneeId: id.positive().nullable().default(null),
    linkKind: ticketLinkKindSchema.nullable().default(null),
    linkId: id.positive().nullable().default(null),
    alarmLogId: id.positive().nullable().default(null),
  })
  .superRefine((t, ctx) => {
    if ((t.linkKind === null) !== (t.linkId === null))
      ctx.addIssue({ code: "custom", path: ["linkId"], message: "required" });
  });
export type TicketInput = z.output<typeof ticketInputSchema>;

/** A state change, with an optional note (kept in the history). */
export const ticketStateChangeSchema = z.object({
  state: ticketStateSchema,
  note: trimmed(500).default(""),
});

/** A comment: text, optionally with files from the file store (ids the upload answered). */
export const ticketCommentInputSchema = z.object({
  text: trimmed(2000).min(1, "required"),
  attachments: fileIdsSchema.max(5).default([]),
});

export const ticketTaskInputSchema = z.object({ text: trimmed(200).min(1, "required") });
export const ticketTaskUpdateSchema = z.object({ done: z.boolean() });

/** An alarm notice becomes a ticket: the title and item come from the notice. */
export const ticketFromNoticeSchema = z.object({
  type: ticketTypeSchema.default("incident"),
  priority: ticketPrioritySchema.default("high"),
  assigneeId: id.positive().nullable().default(null),
});

/**
 * An incident of /incidents becomes a ticket: the server links it to the incident's item (and notice) and keeps
 * the incident's key; the title and description are what the form was prefilled with, as the user left them.
 */
export const ticketFromIncidentSchema = z.object({
  key: z.string().trim().min(1, "required").max(80, "tooLong"),
  type: ticketTypeSchema.default("incident"),
  title: trimmed(120).min(1, "required"),
  description: trimmed(4000).default(""),
  priority: ticketPrioritySchema.default("high"),
  assigneeId: id.positive().nullable().default(null),
});
export type TicketFromIncident = z.output<typeof ticketFromIncidentSchema>;

export const ticketHistoryEntrySchema = z.object({
  ts: z.number(),
  by: z.string(),
  /** state: a state change (create is the first "open"); assign: the assignee changed. */
  kind: z.enum(["state", "assign"]),
  state: ticketStateSchema.nullable(),
  assignee: z.string().nullable(),
  note: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

export const ticketTaskSchema = z.object({
  id,
  text: z.string(),
  done: z.boolean(),
  doneBy: z.string().nullable(),
  doneTs: z.number().nullable(),
});
export type TicketTask = z.infer<typeof ticketTaskSchema>;

export const ticketAttachmentSchema = storedFileSchema;

export const ticketCommentSchema = z.object({
  id,
  ts: z.number(),
  author: z.string(),
  /** Written by the provider's staff (reseller side), shown as the provider's answer. */
  fromProvider: z.boolean(),
  text: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** A ticket as lists show it (and as the live channel carries it). */
export const ticketSummarySchema = z.object({
  id,
  companyId: id,
  companyName: z.string(),
  type: ticketTypeSchema,
  title: z.string(),
  priority: ticketPrioritySchema,
  state: ticketStateSchema,
  assigneeId: id.nullable(),
  assigneeName: z.string().nullable(),
  requesterId: id.nullable(),
  requesterName: z.string(),
  linkKind: ticketLinkKindSchema.nullable(),
  linkId: id.nullable(),
  linkName: z.string().nullable(),
  alarmLogId: id.nullable(),
  createdTs: z.number(),
  updatedTs: z.number(),
  commentCount: z.number().int(),
  tasksDone: z.number().int(),
  tasksTotal: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({
  description: z.string(),
  history: z.array(ticketHistoryEntrySchema),
  tasks: z.array(ticketTaskSchema),
  comments: z.array(ticketCommentSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  state: z.enum(["open", "closed", "all"]).default("all"),
  type: ticketTypeSchema.optional(),
});

export const ticketCountSchema = z.object({
  open: z.number().int(),
  incidents: z.number().int(),
  serviceRequests: z.number().int(),
});

/** A user a ticket may be assigned to. */
export const ticketAssigneeSchema = z.object({ id, name: z.string(), email: z.string() });
