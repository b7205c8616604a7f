import type { Heatmap, HeatmapLayer } from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { foldIntoHexagons, type GridCounts, gridStepDegrees } from "./binning.ts";
import { type ItemKey, itemCondition, selectItems } from "./selection.ts";

export interface HeatmapRequest {
  layer: HeatmapLayer;
  fromTs: number;
  toTs: number;
  resolution: number;
  groupIds: number[];
  items: ItemKey[];
}

/** Where each layer's points live: table, coordinates and time column. */
const SOURCES: Record<HeatmapLayer, { table: string; lat: string; lng: string; ts: string; extra?: string }> =
  {
    positions: { table: "positions", lat: "lat", lng: "lng", ts: "ts", extra: "valid" },
    stops: { table: "item_stops", lat: "lat", lng: "lng", ts: "start_ts" },
    events: { table: "item_driving_events", lat: "lat", lng: "lng", ts: "ts" },
    alarms: {
      table: "alarm_logs",
      lat: "(data->'pos'->>'lat')::double precision",
      lng: "(data->'pos'->>'lng')::double precision",
      ts: "ts",
      extra: "data->'pos' is not null and jsonb_typeof(data->'pos') = 'object'",
    },
  };

/**
 * A heat map of one layer over a period: the database counts points into a fine square grid (one grouped scan,
 * nothing per point crosses to Node, the cells come back as one row of arrays), which is folded into H3 hexagons
 * here, so a month of a fleet answers a few thousand cells.
 */
export async function heatmap(db: Queryable, scope: CompanyScope, request: HeatmapRequest): Promise<Heatmap> {
  const { layer, resolution } = request;
  const empty: Heatmap = { layer, resolution, total: 0, max: 0, cells: [] };
  const restricted = scope.groupIds !== null || request.groupIds.length > 0 || request.items.length > 0;
  const items = restricted ? await selectItems(db, scope, request) : null;
  if (items !== null && items.length === 0) return empty;
  const source = SOURCES[layer];
  const step = gridStepDegrees(resolution);
  const params: SqlParam[] = [scope.companyId, request.fromTs, request.toTs, step];
  let where = `company_id = $1 and ${source.ts} >= $2 and ${source.ts} < $3`;
  if (source.extra) where += ` and ${source.extra}`;
  if (items !== null) {
    const condition = itemCondition(items, params.length + 1);
    params.push(...condition.params);
    where += ` and ${condition.sql}`;
  }
  const rows = await db.query<GridCounts>(
    `select coalesce(array_agg(gy), '{}') as gy, coalesce(array_agg(gx), '{}') as gx, coalesce(array_agg(n), '{}') as n
     from (select round(${source.lat} / $4)::int as gy, round(${source.lng} / $4)::int as gx, count(*)::int as n
           from ${source.table} where ${where} group by 1, 2) cells`,
    params,
  );
  const counts = rows[0] ?? { gy: [], gx: [], n: [] };
  return { layer, resolution, ...foldIntoHexagons(counts, step, resolution) };
}
