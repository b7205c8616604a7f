import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";

export interface ItemKey {
  itemType: 1 | 2 | 3;
  itemId: number;
}

/** An item of the selection, with what the screens show for it. */
export interface SelectedItem extends ItemKey {
  name: string;
  groupId: number | null;
}

/**
 * The items a dashboard, heat map or incident list covers: the company's items the user may see (their groups
 * for a group-scoped user), narrowed to the chosen groups and items. Foreign ids are left out silently.
 */
export async function selectItems(
  db: Queryable,
  scope: CompanyScope,
  chosen: { groupIds?: number[]; items?: ItemKey[] },
): Promise<SelectedItem[]> {
  const params: SqlParam[] = [scope.companyId];
  let where = "company_id = $1";
  if (scope.groupIds !== null) {
    params.push(scope.groupIds);
    where += ` and group_id = any($${params.length}::int[])`;
  }
  if (chosen.groupIds?.length) {
    params.push(chosen.groupIds);
    where += ` and group_id = any($${params.length}::int[])`;
  }
  const rows = await db.query<{ t: number; id: number; name: string; group_id: number | null }>(
    `select 1 as t, id, coalesce(nullif(name, ''), plate) as name, group_id from vehicles where ${where}
     union all select 2, id, name, group_id from assets where ${where}
     union all select 3, id, name, group_id from persons where ${where}`,
    params,
  );
  const wanted = chosen.items?.length ? new Set(chosen.items.map((k) => `${k.itemType}:${k.itemId}`)) : null;
  return rows
    .map((r) => ({ itemType: r.t as 1 | 2 | 3, itemId: r.id, name: r.name, groupId: r.group_id }))
    .filter((item) => wanted === null || wanted.has(`${item.itemType}:${item.itemId}`));
}

/** SQL condition (and its two array parameters) keeping rows of the given items; numbering from `first`. */
export function itemCondition(items: readonly ItemKey[], first: number): { sql: string; params: SqlParam[] } {
  return {
    sql: `(item_type, item_id) in (select t::smallint, i from unnest($${first}::int[], $${first + 1}::int[]) as u(t, i))`,
    params: [items.map((k) => k.itemType), items.map((k) => k.itemId)],
  };
}

export const keyOf = (k: ItemKey): string => `${k.itemType}:${k.itemId}`;
