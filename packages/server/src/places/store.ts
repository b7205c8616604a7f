import {
  circleRing,
  type Geozone,
  type GeozoneValues,
  type LatLng,
  normalizeRing,
  type Poi,
  type PoiValues,
  ringToGeoJson,
  type WmsLayer,
} from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import { type CompanyScope, sharedGroupFilter } from "../kernel/tenancy/scope.ts";

/**
 * Data access for places. Reads take the resolved scope: a group-scoped user sees the places of their groups
 * plus the company-wide ones (no group). Writes are checked with `assertWritableGroup` first.
 */

interface GeozoneRow {
  id: number;
  name: string;
  color: string;
  group: number | null;
  description: string;
  type: "circle" | "polygon";
  lat: number;
  lng: number;
  radius: number | null;
  points: LatLng[];
  speedLimit: number | null;
  createdTs: string | number;
  updatedTs: string | number;
}

const GEOZONE_COLUMNS = `id, name, color, group_id as "group", description, type, lat, lng, radius, points,
  speed_limit as "speedLimit", created_ts as "createdTs", updated_ts as "updatedTs"`;
const POI_COLUMNS = `id, name, color, icon, radius, group_id as "group", address, lat, lng,
  created_ts as "createdTs", updated_ts as "updatedTs"`;

function visible(scope: CompanyScope): { where: string; params: SqlParam[] } {
  const shared = sharedGroupFilter(scope);
  return { where: `company_id = $1 and ${shared.sql}`, params: [scope.companyId, ...shared.params] };
}

export function toGeozone(row: GeozoneRow): Geozone {
  const ring =
    row.type === "circle"
      ? circleRing({ lat: row.lat, lng: row.lng }, row.radius ?? 1)
      : (row.points as LatLng[]);
  return {
    ...row,
    points: row.type === "circle" ? [] : row.points,
    geometry: { type: "Polygon", coordinates: ringToGeoJson(ring) },
    createdTs: Number(row.createdTs),
    updatedTs: Number(row.updatedTs),
  };
}

type PoiRow = Omit<Poi, "createdTs" | "updatedTs"> & {
  createdTs: string | number;
  updatedTs: string | number;
};
const toPoi = (row: PoiRow): Poi => ({
  ...row,
  createdTs: Number(row.createdTs),
  updatedTs: Number(row.updatedTs),
});

function keyed<T extends { id: number }>(rows: T[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const row of rows) out[row.id] = row;
  return out;
}

/**
 * A group-scoped user may only create or edit places of their own groups (company-wide places belong to the
 * unrestricted roles); the group must exist in the company for everyone.
 */
export async function assertWritableGroup(
  db: Queryable,
  scope: CompanyScope,
  group: number | null,
): Promise<void> {
  if (group === null) {
    if (scope.groupIds !== null) throw badRequest("validation.failed", { group: "group.required" });
    return;
  }
  if (scope.groupIds !== null && !scope.groupIds.includes(group))
    throw badRequest("validation.failed", { group: "group.invalid" });
  const rows = await db.query("select 1 from groups where company_id = $1 and id = $2", [
    scope.companyId,
    group,
  ]);
  if (rows.length === 0) throw badRequest("validation.failed", { group: "group.invalid" });
}

export async function listGeozones(db: Queryable, scope: CompanyScope): Promise<Record<string, Geozone>> {
  const { where, params } = visible(scope);
  const rows = await db.query<GeozoneRow>(
    `select ${GEOZONE_COLUMNS} from geozones where ${where} order by id`,
    params,
  );
  return keyed(rows.map(toGeozone));
}

export async function getGeozone(db: Queryable, scope: CompanyScope, id: number): Promise<Geozone | null> {
  const { where, params } = visible(scope);
  const rows = await db.query<GeozoneRow>(
    `select ${GEOZONE_COLUMNS} from geozones where ${where} and id = $${params.length + 1}`,
    [...params, id],
  );
  return rows[0] ? toGeozone(rows[0]) : null;
}

function geozoneColumns(v: GeozoneValues): SqlParam[] {
  if (v.type === "circle")
    return [v.name, v.color, v.group, v.description, "circle", v.lat, v.lng, v.radius, [], v.speedLimit];
  const ring = normalizeRing(v.points);
  // The mean of the vertices is good enough for a label anchor; the exact centroid buys nothing here.
  const lat = ring.reduce((s, p) => s + p.lat, 0) / ring.length;
  const lng = ring.reduce((s, p) => s + p.lng, 0) / ring.length;
  const points = ring.map((p) => ({ lat: p.lat, lng: p.lng }));
  return [v.name, v.color, v.group, v.description, "polygon", lat, lng, null, points, v.speedLimit];
}

export async function insertGeozone(
  db: Queryable,
  companyId: number,
  v: GeozoneValues,
  now: number,
): Promise<Geozone> {
  const rows = await db.query<GeozoneRow>(
    `insert into geozones (company_id, name, color, group_id, description, type, lat, lng, radius, points,
       speed_limit, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $12) returning ${GEOZONE_COLUMNS}`,
    [companyId, ...geozoneColumns(v), now],
  );
  return toGeozone(rows[0] as GeozoneRow);
}

export async function updateGeozone(
  db: Queryable,
  id: number,
  v: GeozoneValues,
  now: number,
): Promise<Geozone> {
  const rows = await db.query<GeozoneRow>(
    `update geozones set name = $2, color = $3, group_id = $4, description = $5, type = $6, lat = $7, lng = $8,
       radius = $9, points = $10::jsonb, speed_limit = $11, updated_ts = $12 where id = $1
     returning ${GEOZONE_COLUMNS}`,
    [id, ...geozoneColumns(v), now],
  );
  return toGeozone(rows[0] as GeozoneRow);
}

export async function deleteGeozone(db: Queryable, id: number): Promise<void> {
  await db.query("delete from geozones where id = $1", [id]);
}

export async function listPois(db: Queryable, scope: CompanyScope): Promise<Record<string, Poi>> {
  const { where, params } = visible(scope);
  const rows = await db.query<PoiRow>(`select ${POI_COLUMNS} from pois where ${where} order by id`, params);
  return keyed(rows.map(toPoi));
}

export async function getPoi(db: Queryable, scope: CompanyScope, id: number): Promise<Poi | null> {
  const { where, params } = visible(scope);
  const rows = await db.query<PoiRow>(
    `select ${POI_COLUMNS} from pois where ${where} and id = $${params.length + 1}`,
    [...params, id],
  );
  return rows[0] ? toPoi(rows[0]) : null;
}

const poiColumns = (v: PoiValues): SqlParam[] => [
  v.name,
  v.color,
  v.icon,
  v.radius,
  v.group,
  v.address,
  v.lat,
  v.lng,
];

export async function insertPoi(db: Queryable, companyId: number, v: PoiValues, now: number): Promise<Poi> {
  const rows = await db.query<PoiRow>(
    `insert into pois (company_id, name, color, icon, radius, group_id, address, lat, lng, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning ${POI_COLUMNS}`,
    [companyId, ...poiColumns(v), now],
  );
  return toPoi(rows[0] as PoiRow);
}

export async function updatePoi(db: Queryable, id: number, v: PoiValues, now: number): Promise<Poi> {
  const rows = await db.query<PoiRow>(
    `update pois set name = $2, color = $3, icon = $4, radius = $5, group_id = $6, address = $7, lat = $8, lng = $9,
       updated_ts = $10 where id = $1 returning ${POI_COLUMNS}`,
    [id, ...poiColumns(v), now],
  );
  return toPoi(rows[0] as PoiRow);
}

export async function deletePoi(db: Queryable, id: number): Promise<void> {
  await db.query("delete from pois where id = $1", [id]);
}

type LayerRow = Omit<WmsLayer, "createdTs"> & { createdTs: string | number };
const LAYER_COLUMNS = `id, url, name, title, created_ts as "createdTs"`;
const toLayer = (row: LayerRow): WmsLayer => ({ ...row, createdTs: Number(row.createdTs) });

/** WMS layers are company-wide map settings: every user of the company sees them. */
export async function listLayers(db: Queryable, companyId: number): Promise<Record<string, WmsLayer>> {
  const rows = await db.query<LayerRow>(
    `select ${LAYER_COLUMNS} from wms_layers where company_id = $1 order by id`,
    [companyId],
  );
  return keyed(rows.map(toLayer));
}

export async function getLayer(db: Queryable, companyId: number, id: number): Promise<WmsLayer | null> {
  const rows = await db.query<LayerRow>(
    `select ${LAYER_COLUMNS} from wms_layers where company_id = $1 and id = $2`,
    [companyId, id],
  );
  return rows[0] ? toLayer(rows[0]) : null;
}

export async function insertLayer(
  db: Queryable,
  companyId: number,
  v: { url: string; name: string; title: string },
  now: number,
): Promise<WmsLayer> {
  const rows = await db.query<LayerRow>(
    `insert into wms_layers (company_id, url, name, title, created_ts) values ($1, $2, $3, $4, $5)
     returning ${LAYER_COLUMNS}`,
    [companyId, v.url, v.name, v.title, now],
  );
  return toLayer(rows[0] as LayerRow);
}

export async function updateLayer(
  db: Queryable,
  id: number,
  v: { url: string; name: string; title: string },
): Promise<WmsLayer> {
  const rows = await db.query<LayerRow>(
    `update wms_layers set url = $2, name = $3, title = $4 where id = $1 returning ${LAYER_COLUMNS}`,
    [id, v.url, v.name, v.title],
  );
  return toLayer(rows[0] as LayerRow);
}

export async function deleteLayer(db: Queryable, id: number): Promise<void> {
  await db.query("delete from wms_layers where id = $1", [id]);
}
