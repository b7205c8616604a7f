import type { ForwardTarget } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/** Data access of a company's forwarding targets: rows to the API's shape, secrets never read back. */

interface Row {
  id: number;
  name: string;
  kind: ForwardTarget["kind"];
  url: string;
  topic: string;
  batch_size: number;
  active: boolean;
  has_secret: boolean;
  last_success_ts: string | null;
  last_error: string | null;
  last_error_ts: string | null;
  attempts: number;
  next_attempt_ts: string;
  backlog: string;
  dead: string;
}

const SELECT = `select t.id, t.name, t.kind, t.url, t.topic, t.batch_size, t.active, t.secret <> '' as has_secret,
  t.last_success_ts, t.last_error, t.last_error_ts, t.attempts, t.next_attempt_ts,
  (select count(*) from forward_queue q where q.target_id = t.id) as backlog,
  (select count(*) from forward_dead d where d.target_id = t.id) as dead
  from forward_targets t`;

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const toApi = (r: Row): ForwardTarget => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  url: r.url,
  topic: r.topic,
  batchSize: r.batch_size,
  active: r.active,
  hasSecret: r.has_secret,
  lastSuccessTs: num(r.last_success_ts),
  lastError: r.last_error,
  lastErrorTs: num(r.last_error_ts),
  attempts: r.attempts,
  nextAttemptTs: Number(r.next_attempt_ts),
  backlog: Number(r.backlog),
  dead: Number(r.dead),
});

/** What an administrator sets on a target; an empty secret on update keeps the stored one. */
export interface TargetValues {
  name: string;
  kind: ForwardTarget["kind"];
  url: string;
  secret: string;
  topic: string;
  batchSize: number;
  active: boolean;
}

export async function listTargets(db: Queryable, companyId: number): Promise<ForwardTarget[]> {
  const rows = await companyQuery(db, { companyId })<Row>(`${SELECT} where t.company_id = $1 order by t.id`);
  return rows.map(toApi);
}

export async function targetById(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<ForwardTarget | null> {
  const rows = await companyQuery(db, { companyId })<Row>(`${SELECT} where t.company_id = $1 and t.id = $2`, [
    id,
  ]);
  return rows[0] ? toApi(rows[0]) : null;
}

/** Stores a new target of the company; its id. */
export async function insertTarget(
  db: Queryable,
  companyId: number,
  b: TargetValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    `insert into forward_targets (company_id, name, kind, url, secret, topic, batch_size, active, created_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [b.name, b.kind, b.url, b.secret, b.topic, b.batchSize, b.active, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into forward_targets returned no row");
  return row.id;
}

/** Rewrites the company's target and makes it due now (a changed target gets a fresh start); false if none. */
export async function updateTarget(
  db: Queryable,
  companyId: number,
  id: number,
  b: TargetValues,
): Promise<boolean> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    `update forward_targets set name = $3, kind = $4, url = $5,
       secret = case when $6 = '' then secret else $6 end, topic = $7, batch_size = $8, active = $9,
       attempts = 0, next_attempt_ts = 0
     where company_id = $1 and id = $2 returning id`,
    [id, b.name, b.kind, b.url, b.secret, b.topic, b.batchSize, b.active],
  );
  return rows.length > 0;
}

/** Whether the company's target existed and is now gone. */
export async function deleteTarget(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    "delete from forward_targets where company_id = $1 and id = $2 returning id",
    [id],
  );
  return rows.length > 0;
}

/**
 * Puts the target's dead letters back in its queue and makes it due now, in the caller's transaction; the
 * caller has checked the target is its company's.
 */
export async function requeueDead(tx: Queryable, targetId: number): Promise<void> {
  // Dead letters go back in their original order, ahead of nothing newer: ids are new, order is kept.
  await tx.query(
    `insert into forward_queue (target_id, payload, created_ts)
     select target_id, payload, created_ts from forward_dead where target_id = $1 order by id`,
    [targetId],
  );
  await tx.query("delete from forward_dead where target_id = $1", [targetId]);
  await tx.query("update forward_targets set attempts = 0, next_attempt_ts = 0 where id = $1", [targetId]);
}
