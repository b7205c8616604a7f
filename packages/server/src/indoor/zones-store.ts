import type { BeaconZone, beaconZoneInputSchema } from "@vigia/domain";
import type { z } from "zod";
import type { Database, Queryable } from "../kernel/db/database.ts";

/** Data access for beacon zones; every query names the company. */

export type BeaconZoneValues = z.output<typeof beaconZoneInputSchema>;

interface ZoneRow {
  id: number;
  name: string;
  color: string;
  beaconIds: number[] | null;
  createdTs: string | number;
  updatedTs: string | number;
}

const SELECT = `select z.id, z.name, z.color, z.created_ts as "createdTs", z.updated_ts as "updatedTs",
    coalesce((select array_agg(zb.beacon_id order by zb.beacon_id) from beacon_zone_beacons zb
      where zb.zone_id = z.id), '{}') as "beaconIds"
  from beacon_zones z`;

const toZone = (r: ZoneRow): BeaconZone => ({
  id: r.id,
  name: r.name,
  color: r.color,
  beaconIds: (r.beaconIds ?? []).map(Number),
  createdTs: Number(r.createdTs),
  updatedTs: Number(r.updatedTs),
});

export async function listZones(db: Queryable, companyId: number): Promise<Record<string, BeaconZone>> {
  const rows = await db.query<ZoneRow>(`${SELECT} where z.company_id = $1 order by z.name, z.id`, [
    companyId,
  ]);
  const out: Record<string, BeaconZone> = {};
  for (const row of rows) out[row.id] = toZone(row);
  return out;
}

export async function getZone(db: Queryable, companyId: number, id: number): Promise<BeaconZone | null> {
  const rows = await db.query<ZoneRow>(`${SELECT} where z.company_id = $1 and z.id = $2`, [companyId, id]);
  return rows[0] ? toZone(rows[0]) : null;
}

/** The ids among `ids` that are not beacons of the company. */
export async function foreignBeacons(db: Queryable, companyId: number, ids: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "select id from beacons where company_id = $1 and id = any($2)",
    [companyId, ids],
  );
  const own = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !own.has(id));
}

async function setBeacons(db: Queryable, zoneId: number, ids: number[]): Promise<void> {
  await db.query("delete from beacon_zone_beacons where zone_id = $1", [zoneId]);
  await db.query(
    "insert into beacon_zone_beacons (zone_id, beacon_id) select $1, unnest($2::int[]) on conflict do nothing",
    [zoneId, ids],
  );
}

export async function insertZone(
  db: Database,
  companyId: number,
  v: BeaconZoneValues,
  now: number,
): Promise<BeaconZone> {
  const id = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `insert into beacon_zones (company_id, name, color, created_ts, updated_ts) values ($1, $2, $3, $4, $4)
       returning id`,
      [companyId, v.name, v.color, now],
    );
    const zoneId = rows[0]!.id;
    await setBeacons(tx, zoneId, v.beaconIds);
    return zoneId;
  });
  return (await getZone(db, companyId, id))!;
}

export async function updateZone(
  db: Database,
  companyId: number,
  id: number,
  v: BeaconZoneValues,
  now: number,
): Promise<BeaconZone | null> {
  const found = await db.transaction(async (tx) => {
    const rows = await tx.query(
      "update beacon_zones set name = $3, color = $4, updated_ts = $5 where company_id = $1 and id = $2 returning id",
      [companyId, id, v.name, v.color, now],
    );
    if (rows.length === 0) return false;
    await setBeacons(tx, id, v.beaconIds);
    return true;
  });
  return found ? getZone(db, companyId, id) : null;
}

export async function deleteZone(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await db.query("delete from beacon_zones where company_id = $1 and id = $2 returning id", [
    companyId,
    id,
  ]);
  return rows.length > 0;
}

/** Each beacon zone of the company as the identifiers (upper case) of its beacons, for the alarm engine. */
export async function beaconZoneIndex(db: Queryable, companyId: number): Promise<Map<number, Set<string>>> {
  const rows = await db.query<{ zoneId: number; uuid: string }>(
    `select zb.zone_id as "zoneId", b.uuid from beacon_zones z
       join beacon_zone_beacons zb on zb.zone_id = z.id
       join beacons b on b.id = zb.beacon_id and b.company_id = z.company_id
      where z.company_id = $1`,
    [companyId],
  );
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const id = Number(r.zoneId);
    const set = out.get(id) ?? new Set<string>();
    set.add(r.uuid.toUpperCase());
    out.set(id, set);
  }
  return out;
}

/** A beacon zone's name for an alarm notice, or null when the company has no such zone (any more). */
export async function beaconZoneName(db: Queryable, companyId: number, id: number): Promise<string | null> {
  const rows = await db.query<{ name: string }>(
    "select name from beacon_zones where company_id = $1 and id = $2",
    [companyId, id],
  );
  return rows[0]?.name ?? null;
}
