import type { MaintenanceCounts, Revision, StoredFile } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

export interface RevisionRow {
  id: number;
  company_id: number;
  item_type: 1 | 2;
  item_id: number;
  item_name: string;
  group_id: number | null;
  task: string;
  every_km: number | null;
  every_days: number | null;
  every_hours: number | null;
  warn_km: number;
  warn_days: number;
  warn_hours: number;
  base_km: number | null;
  base_date: string | null;
  base_hours: number | null;
  due_km: number | null;
  due_date: string | null;
  due_hours: number | null;
  state: number;
  overdue: boolean;
  notified: number;
  done_date: string | null;
  done_km: number | null;
  done_hours: number | null;
  workshop: string;
  notes: string;
  cost_id: number | null;
  file_ids: number[];
  previous_id: number | null;
  next_id: number | null;
  created_ts: string;
  updated_ts: string;
}

/** Revisions with their item's name and group; dates as yyyy-mm-dd. */
const SELECT = `select r.id, r.company_id, r.item_type, r.item_id,
    coalesce(nullif(v.name, ''), v.plate, a.name, '#' || r.item_id) as item_name,
    coalesce(v.group_id, a.group_id) as group_id,
    r.task, r.every_km, r.every_days, r.every_hours, r.warn_km, r.warn_days, r.warn_hours,
    r.base_km, to_char(r.base_date, 'YYYY-MM-DD') as base_date, r.base_hours,
    r.due_km, to_char(r.due_date, 'YYYY-MM-DD') as due_date, r.due_hours,
    r.state, r.overdue, r.notified, to_char(r.done_date, 'YYYY-MM-DD') as done_date, r.done_km, r.done_hours,
    r.workshop, r.notes, r.cost_id, r.file_ids, r.previous_id,
    (select n.id from maintenance_revisions n where n.previous_id = r.id order by n.id limit 1) as next_id,
    r.created_ts, r.updated_ts
  from maintenance_revisions r
  left join vehicles v on r.item_type = ${ITEM_TYPE.vehicle} and v.id = r.item_id
  left join assets a on r.item_type = ${ITEM_TYPE.asset} and a.id = r.item_id`;

export interface RevisionQuery {
  state?: number;
  itemType?: number;
  itemId?: number;
  overdue?: boolean;
  ids?: readonly number[];
}

/** The company's revisions of items the scope sees (group-scoped users: items of their groups). */
export async function selectRevisions(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  query: RevisionQuery = {},
): Promise<RevisionRow[]> {
  const params: SqlParam[] = [scope.companyId, scope.groupIds];
  const where = [
    "r.company_id = $1",
    "($2::int[] is null or coalesce(v.group_id, a.group_id) = any($2::int[]))",
    "(v.id is not null or a.id is not null)",
  ];
  const add = (sql: (n: string) => string, value: SqlParam | undefined) => {
    if (value === undefined) return;
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  add((n) => `r.state = ${n}`, query.state);
  add((n) => `r.item_type = ${n}`, query.itemType);
  add((n) => `r.item_id = ${n}`, query.itemId);
  add((n) => `r.overdue = ${n}`, query.overdue);
  add((n) => `r.id = any(${n}::int[])`, query.ids);
  return db.query<RevisionRow>(
    `${SELECT} where ${where.join(" and ")}
     order by r.state, r.overdue desc, coalesce(r.due_date, r.done_date) nulls last, r.id`,
    params,
  );
}

/** Open revisions of the whole company (the checker; no user scope). */
export async function openRevisions(db: Queryable, companyId: number | null): Promise<RevisionRow[]> {
  return db.query<RevisionRow>(
    `${SELECT} where r.state < 2 and (v.id is not null or a.id is not null)
       and ($1::int is null or r.company_id = $1)`,
    [companyId],
  );
}

export function presentRevision(
  r: RevisionRow,
  files: readonly StoredFile[],
  reading: { km: number | null; hours: number | null },
): Revision {
  return {
    id: r.id,
    itemType: r.item_type,
    itemId: r.item_id,
    itemName: r.item_name,
    groupId: r.group_id,
    task: r.task,
    everyKm: r.every_km,
    everyDays: r.every_days,
    everyHours: r.every_hours,
    warnKm: r.warn_km,
    warnDays: r.warn_days,
    warnHours: r.warn_hours,
    baseKm: r.base_km,
    baseDate: r.base_date,
    baseHours: r.base_hours,
    dueKm: r.due_km,
    dueDate: r.due_date,
    dueHours: r.due_hours,
    state: r.state,
    overdue: r.overdue,
    currentKm: reading.km,
    currentHours: reading.hours,
    doneDate: r.done_date,
    doneKm: r.done_km,
    doneHours: r.done_hours,
    workshop: r.workshop,
    notes: r.notes,
    costId: r.cost_id,
    files: r.file_ids.flatMap((id) => files.filter((f) => f.id === id)),
    previousId: r.previous_id,
    nextId: r.next_id,
    createdTs: Number(r.created_ts),
    updatedTs: Number(r.updated_ts),
  };
}

/**
 * Revision counts of a company scope for the dashboard tile (the `insights` capability calls it): planned,
 * pending (due soon, not yet overdue), overdue, done.
 */
export async function maintenanceCounts(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
): Promise<MaintenanceCounts> {
  const rows = await db.query<{ planned: number; pending: number; overdue: number; done: number }>(
    `select count(*) filter (where r.state = 0)::int as planned,
       count(*) filter (where r.state = 1 and not r.overdue)::int as pending,
       count(*) filter (where r.state = 1 and r.overdue)::int as overdue,
       count(*) filter (where r.state = 2)::int as done
     from maintenance_revisions r
     left join vehicles v on r.item_type = ${ITEM_TYPE.vehicle} and v.id = r.item_id
     left join assets a on r.item_type = ${ITEM_TYPE.asset} and a.id = r.item_id
     where r.company_id = $1 and (v.id is not null or a.id is not null)
       and ($2::int[] is null or coalesce(v.group_id, a.group_id) = any($2::int[]))`,
    [scope.companyId, scope.groupIds],
  );
  return rows[0] ?? { planned: 0, pending: 0, overdue: 0, done: 0 };
}

/** The company's time zone: its configured one, else its first administrator's, else UTC. */
export async function companyTimeZone(db: Queryable, companyId: number): Promise<string> {
  const rows = await db.query<{ tz: string | null }>(
    `select coalesce(c.conf->'general'->>'timezone',
       (select u.timezone from users u where u.company_id = c.id and u.role = 'ADMIN' order by u.id limit 1)) as tz
     from companies c where c.id = $1`,
    [companyId],
  );
  return rows[0]?.tz || "UTC";
}

/** Today as yyyy-mm-dd in a time zone. */
export function localDay(ts: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(ts);
  } catch {
    return new Date(ts).toISOString().slice(0, 10);
  }
}

// The revisions' writes and the checks they need.
type Scope = Pick<CompanyScope, "companyId">;
type GroupScope = Pick<CompanyScope, "companyId" | "groupIds">;

/** Whether the vehicle or asset is the company's and in the scope's groups. */
export async function itemInScope(
  db: Queryable,
  scope: GroupScope,
  table: "vehicles" | "assets",
  itemId: number,
): Promise<boolean> {
  const rows = await groupQuery(db, scope)(
    `select 1 from ${table} where id = $3 and company_id = $1 and ${visibleGroup("group_id")}`,
    [itemId],
  );
  return rows.length > 0;
}

/** The vehicles and then the assets of one group the scope sees. */
export async function groupItems(
  db: Queryable,
  scope: GroupScope,
  groupId: number | null,
): Promise<{ itemType: 1 | 2; itemId: number }[]> {
  const visible = visibleGroup("group_id");
  return groupQuery(db, scope)<{ itemType: 1 | 2; itemId: number }>(
    `select 1 as "itemType", id as "itemId" from vehicles where company_id = $1 and ${visible} and group_id = $3
     union all select 2, id from assets where company_id = $1 and ${visible} and group_id = $3 order by 1, 2`,
    [groupId],
  );
}

/** A revision's plan: the task, its intervals and warnings, the base reading and what is due. */
export interface RevisionPlanValues {
  task: string;
  everyKm: number | null;
  everyDays: number | null;
  everyHours: number | null;
  warnKm: number;
  warnDays: number;
  warnHours: number;
  baseKm: number | null;
  baseDate: string;
  baseHours: number | null;
  dueKm: number | null;
  dueDate: string | null;
  dueHours: number | null;
}

const planParams = (p: RevisionPlanValues) => [
  p.task,
  p.everyKm,
  p.everyDays,
  p.everyHours,
  p.warnKm,
  p.warnDays,
  p.warnHours,
  p.baseKm,
  p.baseDate,
  p.baseHours,
  p.dueKm,
  p.dueDate,
  p.dueHours,
];

/** Creates a revision for an item; with `previousId`, the one scheduled after that revision was done. */
export async function insertRevision(
  db: Queryable,
  scope: Scope,
  item: { itemType: number; itemId: number },
  plan: RevisionPlanValues,
  extra: { notes: string } | { previousId: number },
  now: number,
): Promise<number> {
  const [column, value] = "notes" in extra ? ["notes", extra.notes] : ["previous_id", extra.previousId];
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into maintenance_revisions (company_id, item_type, item_id, task, every_km, every_days, every_hours,
       warn_km, warn_days, warn_hours, base_km, base_date, base_hours, due_km, due_date, due_hours, ${column},
       created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) returning id`,
    [item.itemType, item.itemId, ...planParams(plan), value, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into maintenance_revisions returned no row");
  return row.id;
}

/** Changes a revision's plan; its due notice may be sent again. */
export async function updateRevisionPlan(
  db: Queryable,
  scope: Scope,
  id: number,
  plan: RevisionPlanValues,
  notes: string,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update maintenance_revisions set task = $3, every_km = $4, every_days = $5, every_hours = $6, warn_km = $7,
       warn_days = $8, warn_hours = $9, base_km = $10, base_date = $11, base_hours = $12, due_km = $13,
       due_date = $14, due_hours = $15, notes = $16, notified = 0, updated_ts = $17
     where id = $2 and company_id = $1`,
    [id, ...planParams(plan), notes, now],
  );
}

export async function deleteRevision(db: Queryable, scope: Scope, id: number): Promise<void> {
  await companyQuery(db, scope)("delete from maintenance_revisions where id = $2 and company_id = $1", [id]);
}

export async function costExists(db: Queryable, scope: Scope, costId: number): Promise<boolean> {
  const rows = await companyQuery(db, scope)("select 1 from costs where id = $2 and company_id = $1", [
    costId,
  ]);
  return rows.length > 0;
}

export interface RevisionDone {
  date: string;
  km: number | null;
  hours: number | null;
  workshop: string;
  notes: string;
  costId: number | null;
  fileIds: number[];
}

export async function markRevisionDone(
  db: Queryable,
  scope: Scope,
  id: number,
  done: RevisionDone,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update maintenance_revisions set state = 2, overdue = false, done_date = $3, done_km = $4, done_hours = $5,
       workshop = $6, notes = $7, cost_id = $8, file_ids = $9, updated_ts = $10
     where id = $2 and company_id = $1`,
    [id, done.date, done.km, done.hours, done.workshop, done.notes, done.costId, done.fileIds, now],
  );
}

/** The states of the revisions scheduled after this one was done. */
export async function nextRevisionStates(db: Queryable, scope: Scope, previousId: number): Promise<number[]> {
  const rows = await companyQuery(db, scope)<{ state: number }>(
    "select state from maintenance_revisions where previous_id = $2 and company_id = $1",
    [previousId],
  );
  return rows.map((r) => r.state);
}

/** Unmarks a done revision and drops the ones scheduled after it. */
export async function markRevisionUndone(
  db: Queryable,
  scope: Scope,
  id: number,
  now: number,
): Promise<void> {
  const q = companyQuery(db, scope);
  await q("delete from maintenance_revisions where previous_id = $2 and company_id = $1", [id]);
  await q(
    `update maintenance_revisions set state = 0, overdue = false, notified = 0, done_date = null, done_km = null,
       done_hours = null, cost_id = null, file_ids = '{}', workshop = '', updated_ts = $3 where id = $2 and company_id = $1`,
    [id, now],
  );
}
