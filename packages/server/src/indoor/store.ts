import type {
  Beacon,
  beaconInputSchema,
  IndoorGeometry,
  IndoorMap,
  indoorMapInputSchema,
  KnownBeacon,
} from "@vigia/domain";
import type { z } from "zod";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";

/** Data access for indoor maps and beacons; every query names the company. */

export type IndoorMapValues = z.output<typeof indoorMapInputSchema>;
export type BeaconValues = z.output<typeof beaconInputSchema>;

interface MapRow {
  id: number;
  name: string;
  building: string;
  level: number;
  photoUrl: string;
  geometry: IndoorGeometry | null;
  createdTs: string | number;
  updatedTs: string | number;
}
const MAP_COLUMNS = `id, name, building, level, photo_url as "photoUrl", geometry,
  created_ts as "createdTs", updated_ts as "updatedTs"`;
const toMap = (r: MapRow): IndoorMap => ({
  ...r,
  createdTs: Number(r.createdTs),
  updatedTs: Number(r.updatedTs),
});

interface BeaconRow extends Omit<Beacon, "createdTs" | "updatedTs"> {
  createdTs: string | number;
  updatedTs: string | number;
}
const BEACON_COLUMNS = `id, name, uuid, type, indoor_map_id as "indoorMapId", measured_power as "measuredPower", n,
  height, lat, lng, created_ts as "createdTs", updated_ts as "updatedTs"`;
const toBeacon = (r: BeaconRow): Beacon => ({
  ...r,
  createdTs: Number(r.createdTs),
  updatedTs: Number(r.updatedTs),
});

function keyed<T extends { id: number }>(rows: T[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const row of rows) out[row.id] = row;
  return out;
}

export async function listMaps(db: Queryable, companyId: number): Promise<Record<string, IndoorMap>> {
  const rows = await db.query<MapRow>(
    `select ${MAP_COLUMNS} from indoor_maps where company_id = $1 order by building, level, id`,
    [companyId],
  );
  return keyed(rows.map(toMap));
}

export async function getMap(db: Queryable, companyId: number, id: number): Promise<IndoorMap | null> {
  const rows = await db.query<MapRow>(
    `select ${MAP_COLUMNS} from indoor_maps where company_id = $1 and id = $2`,
    [companyId, id],
  );
  return rows[0] ? toMap(rows[0]) : null;
}

const mapParams = (v: IndoorMapValues): SqlParam[] => [
  v.name,
  v.building,
  v.level,
  v.photoUrl,
  v.geometry === null ? null : JSON.stringify(v.geometry),
];

export async function insertMap(
  db: Queryable,
  companyId: number,
  v: IndoorMapValues,
  now: number,
): Promise<IndoorMap> {
  const rows = await db.query<MapRow>(
    `insert into indoor_maps (company_id, name, building, level, photo_url, geometry, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7) returning ${MAP_COLUMNS}`,
    [companyId, ...mapParams(v), now],
  );
  return toMap(rows[0]!);
}

export async function updateMap(
  db: Queryable,
  companyId: number,
  id: number,
  v: IndoorMapValues,
  now: number,
): Promise<IndoorMap | null> {
  const rows = await db.query<MapRow>(
    `update indoor_maps set name = $3, building = $4, level = $5, photo_url = $6, geometry = $7::jsonb, updated_ts = $8
     where company_id = $1 and id = $2 returning ${MAP_COLUMNS}`,
    [companyId, id, ...mapParams(v), now],
  );
  return rows[0] ? toMap(rows[0]) : null;
}

export async function deleteMap(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await db.query("delete from indoor_maps where company_id = $1 and id = $2 returning id", [
    companyId,
    id,
  ]);
  return rows.length > 0;
}

export async function listBeacons(db: Queryable, companyId: number): Promise<Record<string, Beacon>> {
  const rows = await db.query<BeaconRow>(
    `select ${BEACON_COLUMNS} from beacons where company_id = $1 order by id`,
    [companyId],
  );
  return keyed(rows.map(toBeacon));
}

export async function getBeacon(db: Queryable, companyId: number, id: number): Promise<Beacon | null> {
  const rows = await db.query<BeaconRow>(
    `select ${BEACON_COLUMNS} from beacons where company_id = $1 and id = $2`,
    [companyId, id],
  );
  return rows[0] ? toBeacon(rows[0]) : null;
}

/** The indoor map must be the company's own; returns the field error otherwise. */
export async function mapBelongs(db: Queryable, companyId: number, mapId: number | null): Promise<boolean> {
  if (mapId === null) return true;
  const rows = await db.query("select 1 from indoor_maps where company_id = $1 and id = $2", [
    companyId,
    mapId,
  ]);
  return rows.length > 0;
}

/** Another beacon of the company already advertises this identifier. */
export async function uuidTaken(
  db: Queryable,
  companyId: number,
  uuid: string,
  except: number | null,
): Promise<boolean> {
  const rows = await db.query(
    "select 1 from beacons where company_id = $1 and lower(uuid) = lower($2) and id <> $3",
    [companyId, uuid, except ?? 0],
  );
  return rows.length > 0;
}

const beaconParams = (v: BeaconValues): SqlParam[] => [
  v.name,
  v.uuid,
  v.type,
  v.indoorMapId,
  v.measuredPower,
  v.n,
  v.height,
  v.lat,
  v.lng,
];

export async function insertBeacon(
  db: Queryable,
  companyId: number,
  v: BeaconValues,
  now: number,
): Promise<Beacon> {
  const rows = await db.query<BeaconRow>(
    `insert into beacons (company_id, name, uuid, type, indoor_map_id, measured_power, n, height, lat, lng,
       created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning ${BEACON_COLUMNS}`,
    [companyId, ...beaconParams(v), now],
  );
  return toBeacon(rows[0]!);
}

export async function updateBeacon(
  db: Queryable,
  companyId: number,
  id: number,
  v: BeaconValues,
  now: number,
): Promise<Beacon | null> {
  const rows = await db.query<BeaconRow>(
    `update beacons set name = $3, uuid = $4, type = $5, indoor_map_id = $6, measured_power = $7, n = $8,
       height = $9, lat = $10, lng = $11, updated_ts = $12
     where company_id = $1 and id = $2 returning ${BEACON_COLUMNS}`,
    [companyId, id, ...beaconParams(v), now],
  );
  return rows[0] ? toBeacon(rows[0]) : null;
}

export async function deleteBeacon(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await db.query("delete from beacons where company_id = $1 and id = $2 returning id", [
    companyId,
    id,
  ]);
  return rows.length > 0;
}

/** The beacons positioning uses, with their map's level. */
export async function knownBeacons(db: Queryable, companyId: number): Promise<KnownBeacon[]> {
  return db.query<KnownBeacon>(
    `select b.uuid, b.lat, b.lng, b.measured_power as "measuredPower", b.n, b.indoor_map_id as "indoorMapId",
       coalesce(m.level, 0) as level
     from beacons b left join indoor_maps m on m.id = b.indoor_map_id
     where b.company_id = $1`,
    [companyId],
  );
}
