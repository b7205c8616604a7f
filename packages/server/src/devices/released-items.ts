import { ITEM_TYPE } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { joinItems } from "../kernel/db/item-joins.ts";
import { companyWide, type LiveState } from "../live/index.ts";

/** An item that is losing its device, read before the change is written. */
export interface ReleasedItem {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
}

/**
 * The items the given devices are on now (in `companyId` when given). Read before a device is taken off its
 * item, moved or taken back into stock, so that the item's live state can end afterwards.
 */
export async function itemsOfDevices(
  db: Queryable,
  deviceIds: readonly number[],
  except?: { itemType: number; itemId: number },
): Promise<ReleasedItem[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db.query<{
    company_id: number;
    item_type: 1 | 2 | 3;
    item_id: number;
    group_id: number | null;
  }>(
    `select d.company_id, d.item_type, d.item_id, coalesce(v.group_id, a.group_id, p.group_id) as group_id
       from devices d
       ${joinItems("d")}
      where d.id = any($1::int[]) and d.company_id is not null and d.item_id is not null and d.item_type in (${ITEM_TYPE.vehicle}, ${ITEM_TYPE.asset}, ${ITEM_TYPE.person})`,
    [deviceIds],
  );
  return rows
    .filter((r) => !(except && r.item_type === except.itemType && r.item_id === except.itemId))
    .map((r) => ({ companyId: r.company_id, itemType: r.item_type, itemId: r.item_id, groupId: r.group_id }));
}

/** What live knew of these items came from the devices they lost: their live state ends. */
export async function endLiveStates(live: LiveState, items: readonly ReleasedItem[]): Promise<void> {
  for (const item of items) await live.endItem(item.companyId, item);
}

/** The devices of these companies changed: their open item forms fetch the device list again. */
export function tellCompanies(live: LiveState, companyIds: readonly (number | null)[]): void {
  for (const companyId of new Set(companyIds))
    if (companyId !== null) live.publish(companyId, [companyWide({ type: "reloadTrackers", data: {} })]);
}
