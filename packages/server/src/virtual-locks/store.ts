import type { VirtualLock } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { joinItems } from "../kernel/db/item-joins.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

interface LockRow {
  item_type: 1 | 2 | 3;
  item_id: number;
  lat: number;
  lng: number;
  radius_m: number;
  armed_ts: string | number;
  until_ts: string | number | null;
  armed_by: string | null;
}

const toLock = (r: LockRow): VirtualLock => ({
  itemType: r.item_type,
  itemId: r.item_id,
  lat: r.lat,
  lng: r.lng,
  radiusM: r.radius_m,
  armedTs: Number(r.armed_ts),
  untilTs: r.until_ts === null ? null : Number(r.until_ts),
  armedBy: r.armed_by ?? "",
});

/** The company's locks visible in the scope (by the item's group), newest first; one item's when given. */
export async function locksOf(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  item?: { itemType: number; itemId: number },
): Promise<VirtualLock[]> {
  const rows = await groupQuery(db, scope)<LockRow>(
    `select l.*, u.email as armed_by
     from virtual_locks l left join users u on u.id = l.armed_by
     ${joinItems("l")}
     where l.company_id = $1 and ${visibleGroup("coalesce(v.group_id, a.group_id, p.group_id)")}
       and ($3::int is null or (l.item_type = $3 and l.item_id = $4))
     order by l.armed_ts desc`,
    [item?.itemType ?? null, item?.itemId ?? null],
  );
  return rows.map(toLock);
}

/** Arms (or re-arms) the item's lock at a position, replacing any lock it had. */
export async function armLock(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "principal">,
  lock: {
    itemType: number;
    itemId: number;
    lat: number;
    lng: number;
    radiusM: number;
    now: number;
    untilTs: number | null;
  },
): Promise<void> {
  await companyQuery(db, scope)(
    `insert into virtual_locks (company_id, item_type, item_id, lat, lng, radius_m, armed_by, armed_ts, until_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (item_type, item_id) do update set lat = excluded.lat, lng = excluded.lng,
       radius_m = excluded.radius_m, armed_by = excluded.armed_by, armed_ts = excluded.armed_ts,
       until_ts = excluded.until_ts, company_id = excluded.company_id`,
    [
      lock.itemType,
      lock.itemId,
      lock.lat,
      lock.lng,
      lock.radiusM,
      scope.principal.userId,
      lock.now,
      lock.untilTs,
    ],
  );
}

/** Removes the item's lock; false when it had none. */
export async function deleteLock(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId">,
  itemType: number,
  itemId: number,
): Promise<boolean> {
  const gone = await companyQuery(db, scope)(
    "delete from virtual_locks where company_id = $1 and item_type = $2 and item_id = $3 returning item_id",
    [itemType, itemId],
  );
  return gone.length > 0;
}
