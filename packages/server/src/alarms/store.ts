import type {
  AlarmDelivery,
  AlarmLog,
  AlarmRule,
  AlarmRuleInput,
  AlarmStateEntry,
  PushSubscriptionInput,
} from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

/** Data access of the alarm capability: rows to the API's shapes and back. */

export interface RuleRow {
  id: number;
  company_id: number;
  rule: AlarmRuleInput;
  created_ts: number;
  updated_ts: number;
}

export const ruleOf = (row: RuleRow): AlarmRule => ({
  ...row.rule,
  id: row.id,
  createdTs: Number(row.created_ts),
  updatedTs: Number(row.updated_ts),
});

export async function listRules(db: Queryable, companyId: number, id?: number): Promise<AlarmRule[]> {
  const rows = await db.query<RuleRow>(
    `select id, company_id, rule, created_ts, updated_ts from alarm_rules
     where company_id = $1 and ($2::int is null or id = $2) order by id`,
    [companyId, id ?? null],
  );
  return rows.map(ruleOf);
}

export interface LogRow {
  id: number;
  company_id: number;
  item_type: 1 | 2 | 3;
  item_id: number;
  group_id: number | null;
  item_name: string;
  ts: number;
  reception_ts: number;
  info: AlarmLog["info"];
  data: AlarmLog["data"];
  state: AlarmLog["state"];
  seen?: boolean;
  /** Absent in rows read before the column existed: live. */
  late?: boolean;
}

interface DeliveryRow {
  log_id: number;
  channel: AlarmDelivery["channel"];
  target: string;
  status: AlarmDelivery["status"];
  attempts: number;
  last_error: string | null;
  updated_ts: number;
}

export function logOf(row: LogRow, deliveries: AlarmDelivery[] = []): AlarmLog {
  return {
    id: Number(row.id),
    ts: Number(row.ts),
    receptionTs: Number(row.reception_ts),
    itemType: row.item_type,
    itemId: row.item_id,
    itemName: row.item_name,
    companyId: row.company_id,
    info: row.info,
    data: row.data,
    state: row.state,
    seen: row.seen ?? false,
    late: row.late === true,
    delivery: deliveries,
  };
}

const LOG_COLUMNS = `l.id, l.company_id, l.item_type, l.item_id, l.group_id, l.item_name, l.ts, l.reception_ts,
  l.info, l.data, l.state, l.late`;

export interface LogQuery {
  companyIds: number[];
  /** null: every group. */
  groupIds: number[] | null;
  userId: number;
  fromTs?: number;
  toTs?: number;
  ids?: number[];
}

/** Notices in scope, with the caller's seen mark and the delivery records. */
export async function queryLogs(db: Queryable, q: LogQuery): Promise<AlarmLog[]> {
  const rows = await db.query<LogRow>(
    `select ${LOG_COLUMNS}, exists (select 1 from alarm_log_seen s where s.log_id = l.id and s.user_id = $3) as seen
     from alarm_logs l
     where l.company_id = any($1::int[]) and ($2::int[] is null or l.group_id = any($2::int[]))
       and ($4::bigint is null or l.ts >= $4) and ($5::bigint is null or l.ts <= $5)
       and ($6::bigint[] is null or l.id = any($6::bigint[]))
     order by l.ts desc limit 20000`,
    [q.companyIds, q.groupIds, q.userId, q.fromTs ?? null, q.toTs ?? null, q.ids ?? null],
  );
  if (rows.length === 0) return [];
  const deliveries = await db.query<DeliveryRow>(
    `select log_id, channel, target, status, attempts, last_error, updated_ts from alarm_deliveries
     where log_id = any($1::bigint[]) order by id`,
    [rows.map((r) => r.id)],
  );
  const byLog = new Map<number, AlarmDelivery[]>();
  for (const d of deliveries) {
    const list = byLog.get(Number(d.log_id)) ?? [];
    list.push({
      channel: d.channel,
      target: d.target,
      status: d.status,
      attempts: d.attempts,
      error: d.last_error,
      ts: Number(d.updated_ts),
    });
    byLog.set(Number(d.log_id), list);
  }
  return rows.map((r) => logOf(r, byLog.get(Number(r.id)) ?? []));
}

/** Appends a state change to the history; returns the updated row, or null if it is not in scope. */
export async function changeState(
  db: Queryable,
  q: Pick<LogQuery, "companyIds" | "groupIds">,
  logId: number,
  entry: AlarmStateEntry,
): Promise<LogRow | null> {
  const rows = await db.query<LogRow>(
    `update alarm_logs l set state_value = $4,
       state = jsonb_build_object('current', $5::jsonb, 'historic', jsonb_build_array($5::jsonb) || (l.state->'historic'))
     where l.id = $3 and l.company_id = any($1::int[]) and ($2::int[] is null or l.group_id = any($2::int[]))
     returning ${LOG_COLUMNS}`,
    [q.companyIds, q.groupIds, logId, entry.value, JSON.stringify(entry)],
  );
  return rows[0] ?? null;
}

export async function itemName(db: Queryable, itemType: number, itemId: number): Promise<string> {
  const sql =
    itemType === ITEM_TYPE.vehicle
      ? "select coalesce(nullif(name, ''), plate) as name from vehicles where id = $1"
      : itemType === ITEM_TYPE.asset
        ? "select name from assets where id = $1"
        : "select name from persons where id = $1";
  const rows = await db.query<{ name: string }>(sql, [itemId]);
  return rows[0]?.name ?? `#${itemId}`;
}

/** The companies of a reseller subtree, whose notices the reseller's alarm screen shows. */
export async function resellerCompanyIds(db: Queryable, resellerIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>("select id from companies where reseller_id = any($1::int[])", [
    resellerIds,
  ]);
  return rows.map((r) => r.id);
}

export interface Cra {
  id: number;
  name: string;
  url: string;
}

/** The alarm-receiving centres of a reseller subtree, by name. */
export function resellerCras(
  db: Queryable,
  resellerIds: readonly number[],
): Promise<(Cra & { resellerId: number })[]> {
  return db.query<Cra & { resellerId: number }>(
    `select id, name, url, reseller_id as "resellerId" from cras where reseller_id = any($1::int[]) order by name`,
    [resellerIds],
  );
}

export async function insertCra(
  db: Queryable,
  cra: { resellerId: number; name: string; url: string; now: number },
): Promise<Cra> {
  const rows = await db.query<Cra>(
    "insert into cras (reseller_id, name, url, created_ts) values ($1, $2, $3, $4) returning id, name, url",
    [cra.resellerId, cra.name, cra.url, cra.now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into cras returned no row");
  return row;
}

/** Stores a new rule of the company; its id. */
export async function insertRule(
  db: Queryable,
  companyId: number,
  rule: AlarmRuleInput,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    `insert into alarm_rules (company_id, family, item_type, active, rule, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [rule.info.family, rule.items.itemsType, rule.info.active, rule, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into alarm_rules returned no row");
  return row.id;
}

export async function updateRule(
  db: Queryable,
  companyId: number,
  id: number,
  rule: AlarmRuleInput,
  now: number,
): Promise<void> {
  await companyQuery(db, { companyId })(
    "update alarm_rules set rule = $3, active = $4, updated_ts = $5 where company_id = $1 and id = $2",
    [id, rule, rule.info.active, now],
  );
}

/** Whether the company's rule existed and is now gone. */
export async function deleteRule(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await companyQuery(db, { companyId })(
    "delete from alarm_rules where company_id = $1 and id = $2 returning id",
    [id],
  );
  return rows.length > 0;
}

/** How many notices in the caller's groups since `sinceTs` the user has not marked seen. */
export async function unseenCount(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  userId: number,
  sinceTs: number,
): Promise<number> {
  const rows = await groupQuery(db, scope)<{ n: number }>(
    `select count(*)::int as n from alarm_logs l where l.company_id = $1 and ${visibleGroup("l.group_id")}
       and l.ts >= $4 and not exists (select 1 from alarm_log_seen s where s.log_id = l.id and s.user_id = $3)`,
    [userId, sinceTs],
  );
  return rows[0]?.n ?? 0;
}

/** Marks the notices in the caller's groups seen by the user; the ids newly marked. */
export async function markSeen(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  userId: number,
  ids: readonly number[],
  now: number,
): Promise<number[]> {
  const rows = await groupQuery(db, scope)<{ log_id: number }>(
    `insert into alarm_log_seen (log_id, user_id, ts)
     select l.id, $4, $5 from alarm_logs l
     where l.id = any($3::bigint[]) and l.company_id = $1 and ${visibleGroup("l.group_id")}
     on conflict do nothing returning log_id`,
    [ids, userId, now],
  );
  return rows.map((r) => Number(r.log_id));
}

/** Deletes one of the company's notices; what the live channel needs to drop it, or null if there was none. */
export async function deleteLog(
  db: Queryable,
  companyId: number,
  logId: number,
): Promise<{ id: number; itemType: 1 | 2 | 3; itemId: number; groupId: number | null } | null> {
  const rows = await companyQuery(db, { companyId })<{
    id: number;
    item_type: 1 | 2 | 3;
    item_id: number;
    group_id: number | null;
  }>("delete from alarm_logs where company_id = $1 and id = $2 returning id, item_type, item_id, group_id", [
    logId,
  ]);
  const row = rows[0];
  return row
    ? { id: Number(row.id), itemType: row.item_type, itemId: row.item_id, groupId: row.group_id }
    : null;
}

/** Registers (or moves to this user) a browser's push endpoint. */
export async function savePushSubscription(
  db: Queryable,
  userId: number,
  subscription: PushSubscriptionInput,
  now: number,
): Promise<void> {
  await db.query(
    `insert into push_subscriptions (user_id, endpoint, keys, created_ts) values ($1, $2, $3, $4)
     on conflict (endpoint) do update set user_id = excluded.user_id, keys = excluded.keys`,
    [userId, subscription.endpoint, subscription.keys, now],
  );
}

/** Drops the endpoint only when it is the user's own. */
export async function removePushSubscription(db: Queryable, userId: number, endpoint: string): Promise<void> {
  await db.query("delete from push_subscriptions where endpoint = $1 and user_id = $2", [endpoint, userId]);
}

/** The alarm-receiving centres of the company's reseller, by name. */
export function companyCras(db: Queryable, companyId: number): Promise<{ id: number; name: string }[]> {
  return companyQuery(db, { companyId })<{ id: number; name: string }>(
    "select x.id, x.name from cras x join companies c on c.reseller_id = x.reseller_id where c.id = $1 order by x.name",
  );
}
