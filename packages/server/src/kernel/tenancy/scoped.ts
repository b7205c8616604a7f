import type { Queryable, SqlParam } from "../db/database.ts";
import type { CompanyScope } from "./scope.ts";

/**
 * A query function bound to one company: `$1` is always the company id and the caller's parameters start at
 * `$2`. A store reads and writes tenant data through it, so the company filter cannot be left out: a statement
 * that never mentions `$1` is refused before it reaches the database.
 */
export interface CompanyQuery {
  <R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  readonly companyId: number;
}

/**
 * Like {@link CompanyQuery}, with `$2` bound to the visible group ids (null: every group of the company) and the
 * caller's parameters from `$3`. {@link visibleGroup} writes the matching condition.
 */
export interface GroupQuery {
  <R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  readonly companyId: number;
}

/** `$1` mentioned as a whole placeholder (not the start of `$10`). */
const COMPANY_PARAM = /\$1(?!\d)/;
const GROUP_PARAM = /\$2(?!\d)/;

export class UnscopedQueryError extends Error {
  constructor(placeholder: string) {
    super(`a scoped query must use ${placeholder}`);
    this.name = "UnscopedQueryError";
  }
}

export function companyQuery(db: Queryable, scope: Pick<CompanyScope, "companyId">): CompanyQuery {
  const { companyId } = scope;
  const run = <R>(sql: string, params: readonly SqlParam[] = []): Promise<R[]> => {
    if (!COMPANY_PARAM.test(sql)) return Promise.reject(new UnscopedQueryError("$1 (the company id)"));
    return db.query<R>(sql, [companyId, ...params]);
  };
  return Object.assign(run, { companyId });
}

export function groupQuery(db: Queryable, scope: Pick<CompanyScope, "companyId" | "groupIds">): GroupQuery {
  const { companyId, groupIds } = scope;
  const run = <R>(sql: string, params: readonly SqlParam[] = []): Promise<R[]> => {
    if (!COMPANY_PARAM.test(sql)) return Promise.reject(new UnscopedQueryError("$1 (the company id)"));
    if (!GROUP_PARAM.test(sql)) return Promise.reject(new UnscopedQueryError("$2 (the visible group ids)"));
    return db.query<R>(sql, [companyId, groupIds, ...params]);
  };
  return Object.assign(run, { companyId });
}

/**
 * The condition "row visible to the group scope bound at `$2`" for a {@link GroupQuery}. With `shared`, rows
 * without a group belong to the whole company and stay visible to group-scoped users (geozones, POIs, drivers).
 */
export function visibleGroup(column: string, options: { shared?: boolean } = {}): string {
  const own = `${column} = any($2::int[])`;
  return options.shared
    ? `($2::int[] is null or ${column} is null or ${own})`
    : `($2::int[] is null or ${own})`;
}
