import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

type Scope = Pick<CompanyScope, "companyId">;

export interface GroupValues {
  name: string;
  parentId: number | null;
}

/** Creates a group of the company; its id. */
export async function insertGroup(
  db: Queryable,
  scope: Scope,
  values: GroupValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    "insert into groups (company_id, name, parent_id, created_ts) values ($1, $2, $3, $4) returning id",
    [values.name, values.parentId, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into groups returned no row");
  return row.id;
}

export async function updateGroup(
  db: Queryable,
  scope: Scope,
  id: number,
  values: GroupValues,
): Promise<void> {
  await companyQuery(db, scope)(
    "update groups set name = $2, parent_id = $3 where id = $4 and company_id = $1",
    [values.name, values.parentId, id],
  );
}

/**
 * Deletes a group: its children move up to its parent rather than becoming roots by accident, and the users who
 * had it lose it. Run inside the caller's transaction.
 */
export async function deleteGroup(
  db: Queryable,
  scope: Scope,
  id: number,
  parentId: number | null,
): Promise<void> {
  const q = companyQuery(db, scope);
  await q("update groups set parent_id = $3 where parent_id = $2 and company_id = $1", [id, parentId]);
  await q("delete from groups where id = $2 and company_id = $1", [id]);
  await q("update users set group_ids = array_remove(group_ids, $2) where company_id = $1", [id]);
}
