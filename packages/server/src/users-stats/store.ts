import { DAY_MS } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

export interface PlatformDay {
  day: number;
  activeUsers: number;
  signIns: number;
}

export interface ResellerDay {
  day: number;
  resellerId: number;
  resellerName: string;
  items: number;
  positions: number;
}

/**
 * Platform use per UTC day between two instants, across every tenant (the route lets only the super reseller
 * read it): active users and sign-ins from the audit log, tracked items and positions per reseller.
 */
export async function platformUse(
  db: Queryable,
  fromTs: number,
  toTs: number,
): Promise<{ days: PlatformDay[]; resellers: ResellerDay[] }> {
  const days = await db.query<PlatformDay>(
    `select (floor(ts / ${DAY_MS}) * ${DAY_MS})::float8 as day,
       count(distinct user_id)::int as "activeUsers",
       (count(*) filter (where action = 'login'))::int as "signIns"
     from audit_log where ts >= $1 and ts <= $2
     group by 1 order by 1`,
    [fromTs, toTs],
  );
  // item_days holds one row per item and day, so positions stay a cheap sum over 30 days at most.
  const resellers = await db.query<ResellerDay>(
    `select (floor(d.day_start_ts / ${DAY_MS}) * ${DAY_MS})::float8 as day, r.id as "resellerId",
       r.name as "resellerName", count(distinct (d.item_type, d.item_id))::int as items,
       coalesce(sum(d.points), 0)::float8 as positions
     from item_days d join companies c on c.id = d.company_id join resellers r on r.id = c.reseller_id
     where d.day_start_ts >= $1 and d.day_start_ts <= $2
     group by 1, 2, 3 order by 1, 3`,
    [fromTs, toTs],
  );
  return { days, resellers };
}
