import { radioTable, SIM_CELL_RANGE_M } from "@vigia/sim";
import type { Queryable } from "../kernel/db/database.ts";

/** How far around a demo city the cell table reaches: the simulated street network and its ring road fit inside. */
const TABLE_HALF_M = 7000;

/**
 * The small cell table the demo ships: the simulated radio world's towers around each demo city, so a
 * demo watch that loses GPS indoors is placed from its serving cell. Wi-Fi is not seeded: the server learns the
 * access points the watches see next to a GPS fix, which the demo then shows taking over from the cells.
 */
export async function seedDemoCells(
  tx: Queryable,
  centres: readonly { lat: number; lng: number }[],
): Promise<void> {
  for (const centre of centres) {
    const { towers } = radioTable(centre, TABLE_HALF_M);
    await tx.query(
      `insert into cell_towers (radio, mcc, mnc, lac, cid, lat, lng, range, samples)
       select 'GSM', r.mcc, r.mnc, r.lac, r.cid, r.lat, r.lng, $2, 1
       from jsonb_to_recordset($1::jsonb) as r(mcc int, mnc int, lac int, cid bigint, lat float8, lng float8)
       on conflict do nothing`,
      [JSON.stringify(towers), SIM_CELL_RANGE_M],
    );
  }
}
