import { itineraryDayStateSchema } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { StoredItineraryDay } from "./engine/engine.ts";

/**
 * The itinerary family's day state in `itinerary_days`: written after every batch that moved it, read when the
 * engine loads a company, so a restarted processor carries on each vehicle's day (stays and deviations already
 * raised) instead of starting it again.
 */
export async function readItineraryDays(db: Queryable, companyId: number): Promise<StoredItineraryDay[]> {
  const rows = await db.query<{ vehicle_id: number; itinerary_id: number; state: unknown }>(
    "select vehicle_id, itinerary_id, state from itinerary_days where company_id = $1",
    [companyId],
  );
  return rows.flatMap((r) => {
    const state = itineraryDayStateSchema.safeParse(r.state);
    // A row this version cannot read is dropped: the day starts again rather than the engine failing.
    return state.success ? [{ vehicleId: r.vehicle_id, itineraryId: r.itinerary_id, state: state.data }] : [];
  });
}

export async function writeItineraryDays(
  db: Queryable,
  companyId: number,
  days: readonly StoredItineraryDay[],
): Promise<void> {
  for (const d of days) {
    // Only a newer day replaces the row: two nodes briefly following the same vehicle never move it back.
    await db.query(
      `insert into itinerary_days (vehicle_id, itinerary_id, company_id, day, state, last_ts)
       select $1::int, $2::int, $3::int, $4::text, $5::jsonb, $6::bigint
       where exists (select 1 from itineraries where id = $2 and company_id = $3)
         and exists (select 1 from vehicles where id = $1 and company_id = $3)
       on conflict (vehicle_id, itinerary_id) do update
         set day = excluded.day, state = excluded.state, last_ts = excluded.last_ts
         where itinerary_days.last_ts <= excluded.last_ts`,
      [d.vehicleId, d.itineraryId, companyId, d.state.day, JSON.stringify(d.state), d.state.lastTs],
    );
  }
}
