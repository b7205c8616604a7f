import type { AlarmDelivery, AlarmLog, AlarmRule, AlarmRuleInput, AlarmStateEntry } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

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
    itemType === 1
      ? "select coalesce(nullif(name, ''), plate) as name from vehicles where id = $1"
      : itemType === 2
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
