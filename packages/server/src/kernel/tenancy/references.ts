import type { Queryable } from "../db/database.ts";
import { badRequest } from "../errors.ts";
import type { CompanyScope } from "./scope.ts";

/**
 * What a stored definition (an alarm rule, a periodic report, an indoor map) may name by id. Each kind says
 * which rows the caller may reference: the company's own, and for group-scoped callers only those inside their
 * groups; places and drivers without a group belong to the whole company, as their lists show them.
 */
export type ReferenceKind =
  | "vehicles"
  | "assets"
  | "persons"
  | "drivers"
  | "groups"
  | "geozones"
  | "pois"
  | "users"
  | "files";

/** How each kind is looked up: its table and how the caller's groups narrow it. */
const LOOKUP: Readonly<
  Record<ReferenceKind, { table: string; groups: "strict" | "shared" | "self" | "none" }>
> = {
  vehicles: { table: "vehicles", groups: "strict" },
  assets: { table: "assets", groups: "strict" },
  persons: { table: "persons", groups: "strict" },
  drivers: { table: "drivers", groups: "shared" },
  groups: { table: "groups", groups: "self" },
  geozones: { table: "geozones", groups: "shared" },
  pois: { table: "pois", groups: "shared" },
  users: { table: "users", groups: "none" },
  files: { table: "stored_files", groups: "none" },
};

/** One list of ids a request names, with the field its error is reported under. */
export interface Reference {
  field: string;
  kind: ReferenceKind;
  ids: readonly number[];
}

function scopeSql(kind: ReferenceKind, scope: CompanyScope): string {
  if (scope.groupIds === null) return "";
  switch (LOOKUP[kind].groups) {
    case "strict":
      return "and group_id = any($3::int[])";
    case "shared":
      return "and (group_id is null or group_id = any($3::int[]))";
    case "self":
      return "and id = any($3::int[])";
    case "none":
      return "";
  }
}

/** The ids of one reference the caller may not name: another company's, out of their groups, or missing. */
export async function unreachableIds(db: Queryable, scope: CompanyScope, ref: Reference): Promise<number[]> {
  const ids = [...new Set(ref.ids)];
  if (ids.length === 0) return [];
  const narrow = scopeSql(ref.kind, scope);
  const rows = await db.query<{ id: number }>(
    `select id from ${LOOKUP[ref.kind].table} where company_id = $1 and id = any($2::int[]) ${narrow}`,
    narrow === "" ? [scope.companyId, ids] : [scope.companyId, ids, scope.groupIds],
  );
  const reachable = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !reachable.has(id));
}

/** Of these ids, the ones no row of the table holds any more, in any company (deleted since they were named). */
async function deletedIds(db: Queryable, kind: ReferenceKind, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    `select id from ${LOOKUP[kind].table} where id = any($1::int[])`,
    [[...ids]],
  );
  const present = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !present.has(id));
}

/**
 * Refuses a write that names anything the caller could not pick from their own lists, with the same 400 as
 * every endpoint that takes item ids: `invalidItem` under each offending field. A foreign id is never told
 * apart from a missing one. On an update, `stored` is what the definition named before: an id it already named
 * whose row has since been deleted is let through, so a rule or report saved before a vehicle was removed can
 * still be edited (the id matches nothing; another company's row is refused all the same).
 */
export async function checkReferences(
  db: Queryable,
  scope: CompanyScope,
  refs: readonly Reference[],
  stored: readonly Reference[] = [],
): Promise<void> {
  const fields: Record<string, string> = {};
  for (const ref of refs) {
    if (fields[ref.field]) continue;
    const before = new Set(stored.filter((s) => s.field === ref.field).flatMap((s) => s.ids));
    const unreachable = await unreachableIds(db, scope, ref);
    const named = unreachable.filter((id) => before.has(id));
    const gone = new Set(await deletedIds(db, ref.kind, named));
    if (unreachable.some((id) => !gone.has(id))) fields[ref.field] = "invalidItem";
  }
  if (Object.keys(fields).length > 0) throw badRequest("validation.failed", fields);
}

/**
 * For filtering a company's list by what a group-scoped caller may see: looks up every id the listed rows name
 * (one query per kind) and answers whether one id of one kind is inside the caller's groups. A caller who sees
 * the whole company reaches every row of it.
 */
export async function reachability(
  db: Queryable,
  scope: CompanyScope,
  refs: readonly Omit<Reference, "field">[],
): Promise<(kind: ReferenceKind, id: number) => boolean> {
  if (scope.groupIds === null) return () => true;
  const byKind = new Map<ReferenceKind, number[]>();
  for (const ref of refs) byKind.set(ref.kind, [...(byKind.get(ref.kind) ?? []), ...ref.ids]);
  const blocked = new Map<ReferenceKind, Set<number>>();
  for (const [kind, ids] of byKind)
    blocked.set(kind, new Set(await unreachableIds(db, scope, { field: kind, kind, ids })));
  return (kind, id) => !(blocked.get(kind)?.has(id) ?? false);
}
