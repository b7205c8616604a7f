import type { ProfileUpdate } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";

/**
 * The signed-in user's own row. Scoped by the user id the session proved, not by a company: a reseller-level user
 * has no company of their own.
 */
export async function ownUserRow(db: Queryable, userId: number): Promise<UserRow> {
  const rows = await db.query<UserRow>("select * from users where id = $1", [userId]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Writes the fields a user may change on their own record; the configuration is merged, not replaced. */
export async function updateOwnProfile(
  db: Queryable,
  userId: number,
  p: ProfileUpdate,
  now: number,
): Promise<void> {
  await db.query(
    `update users set first_name = $2, last_name = $3, phone = $4, language = $5, timezone = $6,
     config = config || $7::jsonb, map_bound = $8, updated_ts = $9 where id = $1`,
    [userId, p.firstName, p.lastName, p.phone, p.language, p.timezone, p.config, p.mapBound, now],
  );
}

/** The company a reseller-level user works in (null: none selected). */
export async function storeSelectedCompany(
  db: Queryable,
  userId: number,
  companyId: number | null,
): Promise<void> {
  await db.query("update users set selected_company_id = $2 where id = $1", [userId, companyId]);
}
