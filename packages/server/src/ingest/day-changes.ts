import type { Queryable } from "../kernel/db/database.ts";
import { dayStartOf } from "./partitions.ts";

/**
 * Notes that positions of days that had already ended were written (a device's buffered upload, a bulk history):
 * what is kept per closed day (heat-map cells) is built again for those days. Call it after the positions are
 * committed: the sequence number it takes then is later than any build that could have missed them. Positions of
 * the current day cost nothing here.
 */
export async function markChangedDays(
  db: Queryable,
  written: readonly { companyId: number; ts: number }[],
  now: number,
): Promise<void> {
  const today = dayStartOf(now);
  const days = new Map<string, { companyId: number; day: number }>();
  for (const { companyId, ts } of written) {
    if (ts >= today) continue;
    const day = dayStartOf(ts);
    days.set(`${companyId}:${day}`, { companyId, day });
  }
  if (days.size === 0) return;
  const list = [...days.values()];
  await db.query(
    `insert into position_day_changes (company_id, day_start_ts, seq)
     select c, d, nextval('history_seq') from unnest($1::int[], $2::bigint[]) as u(c, d)
     on conflict (company_id, day_start_ts) do update set seq = excluded.seq`,
    [list.map((d) => d.companyId), list.map((d) => d.day)],
  );
}
