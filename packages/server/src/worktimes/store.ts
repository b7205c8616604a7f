import type { WorktimeRow, worktimeWriteSchema } from "@vigia/domain";
import type { z } from "zod";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

type Scope = Pick<CompanyScope, "companyId">;
export type WorktimeValues = z.output<typeof worktimeWriteSchema>;

/** The company's work timetables by id. */
export async function listWorktimes(db: Queryable, scope: Scope): Promise<Record<string, WorktimeRow>> {
  const rows = await companyQuery(
    db,
    scope,
  )<WorktimeRow>(
    "select id, name, timezone, days, vehicles, assets, persons from worktimes where company_id = $1 order by id",
  );
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}

/** How many of these ids are items of the table the scope sees. */
export async function countVisibleItems(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  table: "vehicles" | "assets" | "persons",
  ids: readonly number[],
): Promise<number> {
  const rows = await groupQuery(db, scope)<{ n: number }>(
    `select count(*)::int as n from ${table} where company_id = $1 and id = any($3::int[]) and ${visibleGroup("group_id")}`,
    [ids],
  );
  return rows[0]?.n ?? 0;
}

export async function insertWorktime(
  db: Queryable,
  scope: Scope,
  w: WorktimeValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into worktimes (company_id, name, timezone, days, vehicles, assets, persons, created_ts, updated_ts)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $8) returning id`,
    [w.name, w.timezone, JSON.stringify(w.days), w.vehicles, w.assets, w.persons, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into worktimes returned no row");
  return row.id;
}

export async function updateWorktime(
  db: Queryable,
  scope: Scope,
  id: number,
  w: WorktimeValues,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update worktimes set name = $2, timezone = $3, days = $4::jsonb, vehicles = $5, assets = $6, persons = $7,
       updated_ts = $8 where id = $9 and company_id = $1`,
    [w.name, w.timezone, JSON.stringify(w.days), w.vehicles, w.assets, w.persons, now, id],
  );
}

export async function deleteWorktime(db: Queryable, scope: Scope, id: number): Promise<void> {
  await companyQuery(db, scope)("delete from worktimes where id = $2 and company_id = $1", [id]);
}

/**
 * Sets one entry (`kind`) of a JSON object in the company configuration (`customStates`, `customDatas`),
 * keeping the other entries.
 */
export async function setCompanyConfEntry(
  db: Queryable,
  scope: Scope,
  key: "customStates" | "customDatas",
  kind: string,
  value: unknown,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update companies set conf = jsonb_set(conf, array[$2::text],
       coalesce(conf->$2::text, '{}'::jsonb) || jsonb_build_object($3::text, $4::jsonb)), updated_ts = $5
     where id = $1`,
    [key, kind, JSON.stringify(value), now],
  );
}

/** The custom data definitions as the company configuration stores them (unparsed; undefined when unset). */
export async function storedCustomDatas(db: Queryable, scope: Scope): Promise<unknown> {
  const rows = await companyQuery(
    db,
    scope,
  )<{ conf: { customDatas?: unknown } }>("select conf from companies where id = $1");
  return rows[0]?.conf.customDatas;
}
