import type { userWriteSchema } from "@vigia/domain";
import type { z } from "zod";
import { randomToken, sha256 } from "../kernel/auth/secrets.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";

export type UserBody = z.output<typeof userWriteSchema>;

/** Creates the key behind an unsubscribe link placed in notification mails. */
export async function createUnsubscribeKey(
  db: Queryable,
  now: number,
  target: { userId: number | null; email: string; kind: string },
): Promise<string> {
  const key = randomToken(24);
  await db.query(
    "insert into unsubscribe_keys (key_hash, user_id, email, kind, created_ts) values ($1, $2, $3, $4, $5)",
    [sha256(key), target.userId, target.email, target.kind, now],
  );
  return key;
}

/** What an unsubscribe key is for, and whether it has been used; null for an unknown key. */
export async function unsubscribeKey(
  db: Queryable,
  key: string,
): Promise<{ email: string; kind: string; done: boolean } | null> {
  const rows = await db.query<{ email: string; kind: string; used_ts: number | null }>(
    "select email, kind, used_ts from unsubscribe_keys where key_hash = $1",
    [sha256(key)],
  );
  const row = rows[0];
  return row ? { email: row.email, kind: row.kind, done: row.used_ts !== null } : null;
}

/**
 * Marks the key used (its first use keeps its time) and switches the notification kind off for the key's user,
 * when it has one; false for an unknown key. Both happen in the caller's transaction.
 */
export async function useUnsubscribeKey(tx: Queryable, key: string, now: number): Promise<boolean> {
  const rows = await tx.query<{ user_id: number | null; kind: string }>(
    "update unsubscribe_keys set used_ts = coalesce(used_ts, $2) where key_hash = $1 returning user_id, kind",
    [sha256(key), now],
  );
  const row = rows[0];
  if (!row) return false;
  if (row.user_id !== null) {
    await tx.query("update users set notifications = notifications || $2::jsonb where id = $1", [
      row.user_id,
      { [row.kind]: false },
    ]);
  }
  return true;
}

/** Insert and update of the users table shared by the company, reseller and import paths. */
export async function insertUser(
  tx: Queryable,
  body: UserBody,
  owner: { companyId: number | null; resellerId: number | null },
  now: number,
): Promise<UserRow> {
  const rows = await tx.query<UserRow>(
    `insert into users (email, first_name, last_name, phone, country, language, timezone, description, role, read_only,
       company_id, reseller_id, group_ids, notifications, config, restrictions, created_ts, updated_ts)
     values (lower($1),$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$17) returning *`,
    [
      body.email,
      body.firstName,
      body.lastName,
      body.phone,
      body.country,
      body.language,
      body.timezone,
      body.description,
      body.role,
      body.readOnly,
      owner.companyId,
      owner.resellerId,
      body.role === "ADMIN" ? [] : body.groups,
      body.notifications,
      body.config,
      body.restrictions,
      now,
    ],
  );
  return rows[0] as UserRow;
}

export async function updateUser(tx: Queryable, id: number, body: UserBody, now: number): Promise<UserRow> {
  const rows = await tx.query<UserRow>(
    `update users set email = lower($1), first_name = $2, last_name = $3, phone = $4, country = $5, language = $6,
       timezone = $7, description = $8, role = $9, read_only = $10, group_ids = $11, notifications = $12,
       config = $13, restrictions = $14, updated_ts = $15 where id = $16 returning *`,
    [
      body.email,
      body.firstName,
      body.lastName,
      body.phone,
      body.country,
      body.language,
      body.timezone,
      body.description,
      body.role,
      body.readOnly,
      body.role === "ADMIN" || ["RESELLER", "SUPER_RESELLER", "DEVELOPER"].includes(body.role)
        ? []
        : body.groups,
      body.notifications,
      body.config,
      body.restrictions,
      now,
      id,
    ],
  );
  return rows[0] as UserRow;
}

/** The company's users, by id. */
export function companyUsers(db: Queryable, companyId: number): Promise<UserRow[]> {
  return companyQuery(db, { companyId })<UserRow>("select * from users where company_id = $1 order by id");
}

export async function userOfCompany(db: Queryable, companyId: number, id: number): Promise<UserRow | null> {
  const rows = await companyQuery(db, { companyId })<UserRow>(
    "select * from users where company_id = $1 and id = $2",
    [id],
  );
  return rows[0] ?? null;
}

/** Which of the ids are users of the company. */
export async function companyUserIds(
  db: Queryable,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    "select id from users where company_id = $1 and id = any($2::int[])",
    [ids],
  );
  return rows.map((r) => r.id);
}

/** Deletes the users; the caller has checked they are its company's. */
export async function deleteUsers(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query("delete from users where id = any($1::int[])", [ids]);
}

/** How many of the given group ids are the company's own (each counted once). */
export async function companyGroupCount(
  db: Queryable,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await companyQuery(db, { companyId })<{ n: number }>(
    "select count(*)::int as n from groups where company_id = $1 and id = any($2::int[])",
    [ids],
  );
  return rows[0]?.n ?? 0;
}
