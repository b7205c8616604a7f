import { isGroupScoped, isResellerOrHigher, isSuperResellerOrHigher } from "@vigia/domain";
import type { Queryable } from "../db/database.ts";
import { forbidden, notFound } from "../errors.ts";
import type { Principal } from "./principal.ts";

/**
 * Tenant scope, decided here and only here. Routes under /companies/id/:companyId and
 * /resellers/id/:resellerId receive a resolved scope from a hook; they never re-derive access.
 */
export interface CompanyScope {
  companyId: number;
  /** null: all groups of the company; otherwise the visible group ids (own groups and their descendants). */
  groupIds: number[] | null;
  principal: Principal;
}

export interface ResellerScope {
  resellerId: number;
  /** The reseller and every reseller below it. */
  resellerIds: number[];
  principal: Principal;
}

export async function resellerSubtree(db: Queryable, rootId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `with recursive tree as (
       select id from resellers where id = $1
       union all select r.id from resellers r join tree t on r.parent_id = t.id
     ) select id from tree`,
    [rootId],
  );
  return rows.map((r) => r.id);
}

/** Group ids plus all their descendants, inside one company. */
export async function groupSubtree(
  db: Queryable,
  companyId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    `with recursive tree as (
       select id from groups where company_id = $1 and id = any($2::int[])
       union select g.id from groups g join tree t on g.parent_id = t.id where g.company_id = $1
     ) select id from tree`,
    [companyId, groupIds],
  );
  return rows.map((r) => r.id);
}

/** The reseller ids a reseller-level principal may act on; null means all (super reseller, developer). */
export async function visibleResellerIds(db: Queryable, principal: Principal): Promise<number[] | null> {
  if (isSuperResellerOrHigher(principal.role)) return null;
  if (!isResellerOrHigher(principal.role) || principal.resellerId === null) return [];
  return resellerSubtree(db, principal.resellerId);
}

export async function resolveCompanyScope(
  db: Queryable,
  principal: Principal,
  companyId: number,
): Promise<CompanyScope> {
  if (!Number.isInteger(companyId) || companyId <= 0) throw notFound();
  if (isResellerOrHigher(principal.role)) {
    const rows = await db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [
      companyId,
    ]);
    const company = rows[0];
    if (!company) throw notFound();
    const allowed = await visibleResellerIds(db, principal);
    if (allowed !== null && !allowed.includes(company.reseller_id)) throw notFound();
    return { companyId, groupIds: null, principal };
  }
  if (principal.companyId !== companyId) throw notFound();
  const groupIds = isGroupScoped(principal.role)
    ? await groupSubtree(db, companyId, principal.groupIds)
    : null;
  return { companyId, groupIds, principal };
}

export async function resolveResellerScope(
  db: Queryable,
  principal: Principal,
  resellerId: number,
): Promise<ResellerScope> {
  if (!isResellerOrHigher(principal.role)) throw forbidden();
  const allowed = await visibleResellerIds(db, principal);
  if (allowed === null) {
    const exists = await db.query("select 1 from resellers where id = $1", [resellerId]);
    if (exists.length === 0) throw notFound();
    return { resellerId, resellerIds: await resellerSubtree(db, resellerId), principal };
  }
  if (!allowed.includes(resellerId)) throw notFound();
  return { resellerId, resellerIds: await resellerSubtree(db, resellerId), principal };
}

/** SQL fragment and parameter for "item visible in this scope" on a table with a group_id column. */
export function groupFilter(
  scope: CompanyScope,
  column = "group_id",
  paramIndex = 2,
): { sql: string; params: number[][] } {
  if (scope.groupIds === null) return { sql: "true", params: [] };
  return { sql: `${column} = any($${paramIndex}::int[])`, params: [scope.groupIds] };
}

/**
 * SQL fragment and parameter for "visible in this scope" on a table whose rows without a group belong to the
 * whole company (geozones, POIs, drivers): a group-scoped user sees those and the rows of their groups.
 */
export function sharedGroupFilter(
  scope: CompanyScope,
  column = "group_id",
  paramIndex = 2,
): { sql: string; params: number[][] } {
  if (scope.groupIds === null) return { sql: "true", params: [] };
  return {
    sql: `(${column} is null or ${column} = any($${paramIndex}::int[]))`,
    params: [scope.groupIds],
  };
}
