import type { ReportRequest } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import type { ItemKey } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { type CompanyScope, groupSubtree } from "../kernel/tenancy/scope.ts";

/** An item a report covers, with the name tables show for it. */
export interface ReportItem extends ItemKey {
  name: string;
  groupId: number | null;
}

export interface ReportDriver {
  id: number;
  name: string;
  groupId: number | null;
}

export interface Selection {
  items: ReportItem[];
  drivers: ReportDriver[];
}

const TABLES = [
  [1, "vehicles", "coalesce(nullif(name, ''), plate)", "vehiclesId"],
  [2, "assets", "name", "assetsId"],
  [3, "persons", "name", "personsId"],
] as const;

/**
 * The items and drivers a report covers: those picked one by one plus every item of the picked groups (and
 * their sub-groups), restricted to the company and, for a group-scoped user, to the user's groups. A foreign
 * or unseen id drops out silently, like everywhere else. Driver reports with no driver picked take the drivers
 * of the picked groups.
 */
export async function resolveSelection(
  db: Queryable,
  scope: CompanyScope,
  request: Pick<ReportRequest, "groupsId" | "vehiclesId" | "assetsId" | "personsId" | "driversId">,
  kinds: { vehicles: boolean; assets: boolean; persons: boolean },
): Promise<Selection> {
  const pickedGroups = request.groupsId.length
    ? await groupSubtree(db, scope.companyId, request.groupsId)
    : [];
  const visible = scope.groupIds;
  const items: ReportItem[] = [];
  for (const [itemType, table, nameSql, field] of TABLES) {
    if (itemType === ITEM_TYPE.vehicle && !kinds.vehicles) continue;
    if (itemType === ITEM_TYPE.asset && !kinds.assets) continue;
    if (itemType === ITEM_TYPE.person && !kinds.persons) continue;
    const ids = request[field];
    if (ids.length === 0 && pickedGroups.length === 0) continue;
    const rows = await db.query<{ id: number; name: string; group_id: number | null }>(
      `select id, ${nameSql} as name, group_id from ${table}
       where company_id = $1 and (id = any($2::int[]) or group_id = any($3::int[]))
         and ($4::int[] is null or group_id = any($4::int[]))
       order by name`,
      [scope.companyId, ids, pickedGroups, visible],
    );
    for (const r of rows) items.push({ itemType, itemId: r.id, name: r.name, groupId: r.group_id });
  }
  const drivers = await db.query<{ id: number; name: string; group_id: number | null }>(
    `select id, name, group_id from drivers
     where company_id = $1 and (id = any($2::int[]) or group_id = any($3::int[]))
       and ($4::int[] is null or group_id = any($4::int[]))
     order by name`,
    [scope.companyId, request.driversId, pickedGroups, visible],
  );
  return { items, drivers: drivers.map((d) => ({ id: d.id, name: d.name, groupId: d.group_id })) };
}

/** Every driver name of the company (tables name the driver of a trip even outside the selection). */
export async function driverNames(db: Queryable, companyId: number): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(
    "select id, name from drivers where company_id = $1",
    [companyId],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
