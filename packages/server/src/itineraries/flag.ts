import type { Queryable } from "../kernel/db/database.ts";

/**
 * Whether the company's itineraries are shown to it (`conf.general.itenerary`; off unless set). Off,
 * the reseller still prepares itineraries on /itineraries, but nothing of them runs for the company: no progress
 * on the live map, no compliance, no itinerary alarms.
 */
export async function itinerariesShown(db: Queryable, companyId: number): Promise<boolean> {
  const rows = await db.query<{ shown: boolean }>(
    `select coalesce(conf->'general'->'itenerary' = 'true'::jsonb, false) as shown from companies where id = $1`,
    [companyId],
  );
  return rows[0]?.shown === true;
}
