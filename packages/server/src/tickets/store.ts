import type {
  Ticket,
  TicketComment,
  TicketHistoryEntry,
  TicketLinkKind,
  TicketSummary,
  TicketTask,
} from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

/** Data access of tickets: which tickets a caller sees, rows to the API's shapes. */

/**
 * Which tickets a query may touch. A company user sees the company's tickets, a group-scoped one only those
 * of its groups, company-wide ones and its own; the provider sees its companies' service requests.
 */
export type TicketFilter =
  | { kind: "company"; companyId: number; groupIds: number[] | null; userId: number }
  | { kind: "reseller"; resellerIds: number[] };

interface SummaryRow {
  id: number;
  company_id: number;
  company_name: string;
  type: TicketSummary["type"];
  title: string;
  priority: TicketSummary["priority"];
  state: TicketSummary["state"];
  assignee_id: number | null;
  assignee_name: string | null;
  requester_id: number | null;
  requester_name: string;
  link_kind: TicketLinkKind | null;
  link_id: number | null;
  link_name: string | null;
  alarm_log_id: number | null;
  created_ts: number;
  updated_ts: number;
  comment_count: number;
  tasks_done: number;
  tasks_total: number;
  description: string;
  history: TicketHistoryEntry[];
}

const LINK_NAME = `case t.link_kind
    when 'vehicle' then (select coalesce(nullif(v.name, ''), v.plate) from vehicles v where v.id = t.link_id and v.company_id = t.company_id)
    when 'asset' then (select a.name from assets a where a.id = t.link_id and a.company_id = t.company_id)
    when 'person' then (select p.name from persons p where p.id = t.link_id and p.company_id = t.company_id)
    when 'driver' then (select d.name from drivers d where d.id = t.link_id and d.company_id = t.company_id)
  end`;

const SELECT = `select t.id, t.company_id, c.name as company_name, t.type, t.title, t.priority, t.state,
    t.assignee_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as assignee_name,
    t.requester_id, t.requester_name, t.link_kind, t.link_id, ${LINK_NAME} as link_name, t.alarm_log_id,
    t.created_ts, t.updated_ts, t.description, t.history,
    (select count(*)::int from ticket_comments m where m.ticket_id = t.id) as comment_count,
    (select count(*)::int from ticket_tasks k where k.ticket_id = t.id and k.done) as tasks_done,
    (select count(*)::int from ticket_tasks k where k.ticket_id = t.id) as tasks_total
  from tickets t join companies c on c.id = t.company_id left join users u on u.id = t.assignee_id`;

/** The WHERE clause of a filter, with its parameters starting at $1. */
function where(filter: TicketFilter): { sql: string; params: SqlParam[] } {
  if (filter.kind === "reseller")
    return {
      sql: "t.type = 'serviceRequest' and c.reseller_id = any($1::int[])",
      params: [filter.resellerIds],
    };
  return {
    sql: `t.company_id = $1 and ($2::int[] is null or t.group_id is null or t.group_id = any($2::int[])
      or t.requester_id = $3 or t.assignee_id = $3)`,
    params: [filter.companyId, filter.groupIds, filter.userId],
  };
}

const summaryOf = (r: SummaryRow): TicketSummary => ({
  id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  type: r.type,
  title: r.title,
  priority: r.priority,
  state: r.state,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  requesterId: r.requester_id,
  requesterName: r.requester_name,
  linkKind: r.link_kind,
  linkId: r.link_id,
  linkName: r.link_name,
  alarmLogId: r.alarm_log_id === null ? null : Number(r.alarm_log_id),
  createdTs: Number(r.created_ts),
  updatedTs: Number(r.updated_ts),
  commentCount: r.comment_count,
  tasksDone: r.tasks_done,
  tasksTotal: r.tasks_total,
});

export async function listTickets(
  db: Queryable,
  filter: TicketFilter,
  q: { state: "open" | "closed" | "all"; type?: TicketSummary["type"]; ids?: number[] },
): Promise<TicketSummary[]> {
  const w = where(filter);
  const n = w.params.length;
  const rows = await db.query<SummaryRow>(
    `${SELECT} where ${w.sql}
       and ($${n + 1}::text = 'all' or ($${n + 1} = 'closed') = (t.state = 'closed'))
       and ($${n + 2}::text is null or t.type = $${n + 2})
       and ($${n + 3}::int[] is null or t.id = any($${n + 3}::int[]))
     order by t.updated_ts desc limit 5000`,
    [...w.params, q.state, q.type ?? null, q.ids ?? null],
  );
  return rows.map(summaryOf);
}

/** One ticket in the filter's reach, whole; null when it is not there or not visible. */
export async function loadTicket(db: Queryable, filter: TicketFilter, id: number): Promise<Ticket | null> {
  const w = where(filter);
  const rows = await db.query<SummaryRow>(`${SELECT} where ${w.sql} and t.id = $${w.params.length + 1}`, [
    ...w.params,
    id,
  ]);
  const row = rows[0];
  if (!row) return null;
  const tasks = await db.query<{
    id: number;
    text: string;
    done: boolean;
    done_by: string | null;
    done_ts: number | null;
  }>("select id, text, done, done_by, done_ts from ticket_tasks where ticket_id = $1 order by position, id", [
    id,
  ]);
  const comments = await db.query<{
    id: number;
    ts: number;
    author: string;
    from_provider: boolean;
    text: string;
    attachments: TicketComment["attachments"];
  }>(
    "select id, ts, author, from_provider, text, attachments from ticket_comments where ticket_id = $1 order by ts, id",
    [id],
  );
  return {
    ...summaryOf(row),
    description: row.description,
    history: row.history,
    tasks: tasks.map(
      (k): TicketTask => ({
        id: k.id,
        text: k.text,
        done: k.done,
        doneBy: k.done_by,
        doneTs: k.done_ts === null ? null : Number(k.done_ts),
      }),
    ),
    comments: comments.map((m) => ({
      id: m.id,
      ts: Number(m.ts),
      author: m.author,
      fromProvider: m.from_provider,
      text: m.text,
      attachments: m.attachments,
    })),
  };
}

export async function countOpen(
  db: Queryable,
  filter: TicketFilter,
): Promise<{ open: number; incidents: number; serviceRequests: number }> {
  const w = where(filter);
  const rows = await db.query<{ incidents: number; requests: number }>(
    `select count(*) filter (where t.type = 'incident')::int as incidents,
            count(*) filter (where t.type = 'serviceRequest')::int as requests
     from tickets t join companies c on c.id = t.company_id where ${w.sql} and t.state <> 'closed'`,
    w.params,
  );
  const incidents = rows[0]?.incidents ?? 0;
  const serviceRequests = rows[0]?.requests ?? 0;
  return { open: incidents + serviceRequests, incidents, serviceRequests };
}

/** Appends one history entry (newest first) and touches the ticket. */
export async function appendHistory(db: Queryable, id: number, entry: TicketHistoryEntry): Promise<void> {
  await db.query(
    "update tickets set history = jsonb_build_array($2::jsonb) || history, updated_ts = $3 where id = $1",
    [id, JSON.stringify(entry), entry.ts],
  );
}

/** Display name of a user: first and last name, or the e-mail. */
export async function userName(
  db: Queryable,
  userId: number,
): Promise<{ name: string; email: string; language: string } | null> {
  const rows = await db.query<{ name: string; email: string; language: string }>(
    `select coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name, email, language
     from users where id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * The tickets not closed that are linked to a person, newest change first: the worker app's tasks on the person's
 * phone. Scoped by the company the phone's device belongs to.
 */
export async function personTicketIds(db: Queryable, companyId: number, personId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from tickets where company_id = $1 and link_kind = 'person' and link_id = $2
       and state <> 'closed' order by updated_ts desc limit 50`,
    [companyId, personId],
  );
  return rows.map((r) => r.id);
}

/** A comment written from the worker app: signed with the person's name, by no user. */
export async function insertDeviceComment(
  db: Queryable,
  ticketId: number,
  comment: { author: string; text: string; ts: number },
): Promise<void> {
  await db.query(
    `insert into ticket_comments (ticket_id, ts, author_id, author, from_provider, text, attachments)
     values ($1, $2, null, $3, false, $4, '[]')`,
    [ticketId, comment.ts, comment.author, comment.text],
  );
  await db.query("update tickets set updated_ts = $2 where id = $1", [ticketId, comment.ts]);
}

/** Who a company's ticket may be assigned to: its users that may write, by name. */
export function assignees(
  db: Queryable,
  companyId: number,
): Promise<{ id: number; name: string; email: string }[]> {
  return companyQuery(db, { companyId })<{ id: number; name: string; email: string }>(
    `select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name, email
     from users where company_id = $1 and not read_only order by 2`,
  );
}

/** An alarm notice a ticket is opened from. */
export interface NoticeRow {
  id: number;
  item_type: 1 | 2 | 3;
  item_id: number;
  item_name: string;
  info: { name: string };
  data: { text: string };
}

/** The notice, if it is the company's and in the caller's groups. */
export async function noticeInScope(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  logId: number,
): Promise<NoticeRow | null> {
  const rows = await groupQuery(db, scope)<NoticeRow>(
    `select id, item_type, item_id, item_name, info, data from alarm_logs
     where id = $3 and company_id = $1 and ${visibleGroup("group_id")}`,
    [logId],
  );
  return rows[0] ?? null;
}
