import type { Queryable } from "../db/database.ts";
import { notFound } from "../errors.ts";
import type { CompanyScope } from "./scope.ts";

/** The tables behind the spec's item types (1 vehicle, 2 asset, 3 person): one map for every capability. */
export type ItemType = 1 | 2 | 3;
export type ItemTable = "vehicles" | "assets" | "persons";
export const ITEM_TABLE: Readonly<Record<ItemType, ItemTable>> = { 1: "vehicles", 2: "assets", 3: "persons" };
export const ITEM_TYPE_OF: Readonly<Record<ItemTable, ItemType>> = { vehicles: 1, assets: 2, persons: 3 };

/**
 * Loads one item (or driver) of the company inside the caller's group scope, or 404: a foreign or invisible row
 * is never told apart from a missing one.
 */
export async function visibleItem<T extends { group_id: number | null }>(
  db: Queryable,
  scope: CompanyScope,
  table: ItemTable | "drivers",
  id: number,
): Promise<T> {
  const rows = await db.query<T>(`select * from ${table} where id = $1 and company_id = $2`, [
    id,
    scope.companyId,
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  if (scope.groupIds !== null) {
    // Drivers without a group belong to the whole company (see listDrivers in items/store.ts).
    const open = table === "drivers" && row.group_id === null;
    if (!open && (row.group_id === null || !scope.groupIds.includes(row.group_id))) throw notFound();
  }
  return row;
}
