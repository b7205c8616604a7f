import {
  canMoveTicket,
  type Ticket,
  type TicketHistoryEntry,
  type TicketInput,
  type TicketLinkKind,
  type TicketState,
} from "@vigia/domain";
import type { FileService } from "../files/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, badRequest, notFound } from "../kernel/errors.ts";
import type { MailMessage } from "../kernel/mail/mailer.ts";
import { actingUserId, type Principal } from "../kernel/tenancy/principal.ts";
import type { LiveMessage } from "../live/index.ts";
import { ticketMail } from "./mail.ts";
import {
  appendHistory,
  insertDeviceComment,
  loadTicket,
  personTicketIds,
  type TicketFilter,
  userName,
} from "./store.ts";

/** What ticket writes need besides the database: the live channel and the mail outbox. */
export type TicketsContext = KernelContext & {
  live: { publish(companyId: number, messages: LiveMessage[]): void };
  mailer: { enqueue(message: MailMessage): Promise<number> };
  /** The file store: comment attachments must be files of the ticket's company. */
  files: Pick<FileService, "owned">;
};

/** Who is acting, and on which tickets. `provider`: the reseller's staff answering a service request. */
export interface Actor {
  principal: Principal;
  filter: TicketFilter;
  provider: boolean;
}

const LINK_TABLE: Record<TicketLinkKind, string> = {
  vehicle: "select group_id, coalesce(nullif(name, ''), plate) as name from vehicles",
  asset: "select group_id, name from assets",
  person: "select group_id, name from persons",
  driver: "select group_id, name from drivers",
};

/** The linked item's group, checked inside the company and the caller's groups. */
async function linkGroup(
  db: Queryable,
  companyId: number,
  groupIds: number[] | null,
  kind: TicketLinkKind,
  id: number,
): Promise<number | null> {
  const rows = await db.query<{ group_id: number | null }>(
    `${LINK_TABLE[kind]} where id = $1 and company_id = $2`,
    [id, companyId],
  );
  const row = rows[0];
  if (!row || (groupIds !== null && (row.group_id === null || !groupIds.includes(row.group_id))))
    throw badRequest("validation.failed", { linkId: "unknown" });
  return row.group_id;
}

async function checkAssignee(db: Queryable, companyId: number, assigneeId: number | null): Promise<void> {
  if (assigneeId === null) return;
  const rows = await db.query("select 1 from users where id = $1 and company_id = $2", [
    assigneeId,
    companyId,
  ]);
  if (rows.length === 0) throw badRequest("validation.failed", { assigneeId: "unknown" });
}

async function checkNotice(
  db: Queryable,
  companyId: number,
  groupIds: number[] | null,
  logId: number | null,
): Promise<void> {
  if (logId === null) return;
  const rows = await db.query(
    "select 1 from alarm_logs where id = $1 and company_id = $2 and ($3::int[] is null or group_id = any($3::int[]))",
    [logId, companyId, groupIds],
  );
  if (rows.length === 0) throw badRequest("validation.failed", { alarmLogId: "unknown" });
}

/** The reach of a worker app's own reads: its company's tickets (each one then checked to be its person's). */
export const personFilter = (companyId: number): TicketFilter => ({
  kind: "company",
  companyId,
  groupIds: null,
  userId: 0,
});

export class TicketService {
  constructor(private readonly ctx: TicketsContext) {}

  private entry(actor: Actor, e: Omit<TicketHistoryEntry, "ts" | "by">): TicketHistoryEntry {
    return { ts: this.ctx.clock.now(), by: actor.principal.email, ...e };
  }

  async load(actor: Actor, id: number): Promise<Ticket> {
    const ticket = await loadTicket(this.ctx.db, actor.filter, id);
    if (!ticket) throw notFound();
    return ticket;
  }

  async create(
    actor: Actor & { companyId: number; groupIds: number[] | null },
    input: TicketInput,
    /** The /incidents incident the ticket is opened from (one ticket per incident). */
    incidentKey: string | null = null,
  ): Promise<Ticket> {
    const { db } = this.ctx;
    await checkAssignee(db, actor.companyId, input.assigneeId);
    await checkNotice(db, actor.companyId, actor.groupIds, input.alarmLogId);
    const groupId =
      input.linkKind && input.linkId
        ? await linkGroup(db, actor.companyId, actor.groupIds, input.linkKind, input.linkId)
        : null;
    const requesterId = actingUserId(actor.principal);
    const requester = requesterId === null ? null : await userName(db, requesterId);
    const assignee = input.assigneeId === null ? null : await userName(db, input.assigneeId);
    const history = [
      ...(assignee
        ? [this.entry(actor, { kind: "assign", state: null, assignee: assignee.name, note: "" })]
        : []),
      this.entry(actor, { kind: "state", state: "open", assignee: null, note: "" }),
    ];
    const now = this.ctx.clock.now();
    const rows = await db.query<{ id: number }>(
      `insert into tickets (company_id, type, title, description, priority, assignee_id, requester_id, requester_name,
         link_kind, link_id, group_id, alarm_log_id, history, created_ts, updated_ts, incident_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)
       on conflict (company_id, incident_key) where incident_key is not null do nothing returning id`,
      [
        actor.companyId,
        input.type,
        input.title,
        input.description,
        input.priority,
        input.assigneeId,
        requesterId,
        requester?.name ?? actor.principal.email,
        input.linkKind,
        input.linkId,
        groupId,
        input.alarmLogId,
        JSON.stringify(history),
        now,
        incidentKey,
      ],
    );
    // Someone else opened a ticket for this incident first.
    if (!rows[0]) throw new ApiError(409, "ticket.incidentHasTicket");
    const ticket = await this.load(actor, rows[0].id);
    await this.changed(actor.principal, ticket, assignee ? "assigned" : null);
    return ticket;
  }

  async update(
    actor: Actor & { companyId: number; groupIds: number[] | null },
    id: number,
    input: TicketInput,
  ): Promise<Ticket> {
    const { db } = this.ctx;
    const before = await this.load(actor, id);
    if (input.type !== before.type) throw badRequest("validation.failed", { type: "readOnly" });
    await checkAssignee(db, actor.companyId, input.assigneeId);
    await checkNotice(db, actor.companyId, actor.groupIds, input.alarmLogId);
    const groupId =
      input.linkKind && input.linkId
        ? await linkGroup(db, actor.companyId, actor.groupIds, input.linkKind, input.linkId)
        : null;
    await db.query(
      `update tickets set title = $2, description = $3, priority = $4, assignee_id = $5, link_kind = $6, link_id = $7,
         group_id = $8, alarm_log_id = $9, updated_ts = $10 where id = $1`,
      [
        id,
        input.title,
        input.description,
        input.priority,
        input.assigneeId,
        input.linkKind,
        input.linkId,
        groupId,
        input.alarmLogId,
        this.ctx.clock.now(),
      ],
    );
    const reassigned = input.assigneeId !== before.assigneeId;
    if (reassigned) {
      const assignee = input.assigneeId === null ? null : await userName(db, input.assigneeId);
      await appendHistory(
        db,
        id,
        this.entry(actor, { kind: "assign", state: null, assignee: assignee?.name ?? null, note: "" }),
      );
    }
    const ticket = await this.load(actor, id);
    await this.changed(actor.principal, ticket, reassigned && ticket.assigneeId !== null ? "assigned" : null);
    return ticket;
  }

  async setState(actor: Actor, id: number, to: TicketState, note: string): Promise<Ticket> {
    const before = await this.load(actor, id);
    if (!canMoveTicket(before.state, to)) throw badRequest("validation.failed", { state: "ticket_move" });
    await this.ctx.db.query("update tickets set state = $2 where id = $1", [id, to]);
    await appendHistory(
      this.ctx.db,
      id,
      this.entry(actor, { kind: "state", state: to, assignee: null, note }),
    );
    const ticket = await this.load(actor, id);
    await this.changed(actor.principal, ticket, "state");
    return ticket;
  }

  async comment(actor: Actor, id: number, text: string, fileIds: number[]): Promise<Ticket> {
    const ticket = await this.load(actor, id);
    // Files live in the ticket's company (the provider uploads into it too); foreign ids are refused.
    const files = await this.ctx.files.owned(ticket.companyId, fileIds);
    const authorId = actingUserId(actor.principal);
    const author = authorId === null ? null : await userName(this.ctx.db, authorId);
    const now = this.ctx.clock.now();
    await this.ctx.db.query(
      `insert into ticket_comments (ticket_id, ts, author_id, author, from_provider, text, attachments)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, now, authorId, author?.name ?? actor.principal.email, actor.provider, text, JSON.stringify(files)],
    );
    await this.ctx.db.query("update tickets set updated_ts = $2 where id = $1", [id, now]);
    const updated = await this.load(actor, id);
    await this.changed(actor.principal, updated, "comment");
    return updated;
  }

  async addTask(actor: Actor, id: number, text: string): Promise<Ticket> {
    await this.load(actor, id);
    const now = this.ctx.clock.now();
    await this.ctx.db.query(
      `insert into ticket_tasks (ticket_id, text, position)
       values ($1, $2, (select coalesce(max(position), 0) + 1 from ticket_tasks where ticket_id = $1))`,
      [id, text],
    );
    await this.ctx.db.query("update tickets set updated_ts = $2 where id = $1", [id, now]);
    const ticket = await this.load(actor, id);
    await this.changed(actor.principal, ticket, null);
    return ticket;
  }

  async setTask(actor: Actor, id: number, taskId: number, done: boolean): Promise<Ticket> {
    await this.load(actor, id);
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db.query(
      `update ticket_tasks set done = $3, done_by = case when $3 then $4 else null end,
         done_ts = case when $3 then $5::bigint else null end where id = $2 and ticket_id = $1 returning id`,
      [id, taskId, done, actor.principal.email, now],
    );
    if (rows.length === 0) throw notFound();
    await this.ctx.db.query("update tickets set updated_ts = $2 where id = $1", [id, now]);
    const ticket = await this.load(actor, id);
    await this.changed(actor.principal, ticket, null);
    return ticket;
  }

  /**
   * Tells open lists (live channel) and, for assignment, comments and state changes, the people involved
   * (a mail in each one's language).
   */
  /**
   * A comment from the worker app on one of its person's open tickets: told like a user's comment (live channel,
   * mail to the assignee and the requester), signed with the person's name.
   */
  async deviceComment(
    device: { companyId: number; personId: number; author: string },
    id: number,
    text: string,
  ): Promise<Ticket> {
    if (!(await personTicketIds(this.ctx.db, device.companyId, device.personId)).includes(id))
      throw notFound();
    await insertDeviceComment(this.ctx.db, id, { author: device.author, text, ts: this.ctx.clock.now() });
    const ticket = await loadTicket(this.ctx.db, personFilter(device.companyId), id);
    if (!ticket) throw notFound();
    await this.changed({ email: device.author, userId: 0 }, ticket, "comment");
    return ticket;
  }

  private async changed(
    by: Pick<Principal, "email" | "userId">,
    ticket: Ticket,
    why: "assigned" | "comment" | "state" | null,
  ): Promise<void> {
    const groupRows = await this.ctx.db.query<{ group_id: number | null }>(
      "select group_id from tickets where id = $1",
      [ticket.id],
    );
    const { history: _h, tasks: _t, comments: _c, description: _d, ...summary } = ticket;
    this.ctx.live.publish(ticket.companyId, [
      {
        itemType: 0,
        itemId: 0,
        groupId: groupRows[0]?.group_id ?? null,
        message: { type: "ticket", data: summary },
        everyGroup: true,
      },
    ]);
    if (why === null) return;
    const targets = new Set<number>();
    if (ticket.assigneeId !== null) targets.add(ticket.assigneeId);
    if (why !== "assigned" && ticket.requesterId !== null) targets.add(ticket.requesterId);
    targets.delete(by.userId);
    for (const userId of targets) {
      const user = await userName(this.ctx.db, userId);
      if (!user) continue;
      const mail = ticketMail(
        { ...ticket, comment: why === "comment" ? (ticket.comments.at(-1)?.text ?? "") : "" },
        why,
        by.email,
        user,
      );
      // In the outbox before the answer (delivery goes on in the background).
      await this.ctx.mailer.enqueue(mail).catch((err: unknown) => {
        this.ctx.log.warn({ err }, "ticket mail failed");
      });
    }
  }
}
