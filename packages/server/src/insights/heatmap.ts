import type { Heatmap, HeatmapLayer } from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { addCells, addGrid, type GridCounts, gridStepDegrees, type HexCounts, heatCells } from "./binning.ts";
import { builtHeatDays, HEAT_RESOLUTION, rangesWithout, storedHeatCells } from "./heat-days.ts";
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
 * A heat map of one layer over a period. Positions of closed days come from their stored hexagons
 * (heat-days.ts); the rest of the period is counted by the database into a fine square grid (one grouped scan,
 * nothing per point crosses to Node, the cells come back as one row of arrays) and folded into H3 hexagons here,
 * so a month of a fleet answers a few thousand cells.
 */
export async function heatmap(db: Queryable, scope: CompanyScope, request: HeatmapRequest): Promise<Heatmap> {
  const { layer, resolution } = request;
  const empty: Heatmap = { layer, resolution, total: 0, max: 0, cells: [] };
  const restricted = scope.groupIds !== null || request.groupIds.length > 0 || request.items.length > 0;
  const items = restricted ? await selectItems(db, scope, request) : null;
  if (items !== null && items.length === 0) return empty;
  // Positions at resolution 8 or coarser are binned at 8 and folded into parent cells, whether a day is stored
  // or read from its positions: the same period answers the same cells before and after its days are built.
  const stored = layer === "positions" && resolution <= HEAT_RESOLUTION;
  const base = stored ? HEAT_RESOLUTION : resolution;
  const fine: HexCounts = new Map();
  let ranges: [number, number][] = [[request.fromTs, request.toTs]];
  if (stored) {
    const days = await builtHeatDays(db, scope.companyId, request.fromTs, request.toTs);
    if (days.length > 0) {
      const cells = await storedHeatCells(db, scope.companyId, days, items);
      addCells(fine, cells.h, cells.n, base);
      ranges = rangesWithout(request.fromTs, request.toTs, days);
    }
  }
  if (ranges.length > 0) {
    const step = gridStepDegrees(base);
    addGrid(fine, await gridCounts(db, scope.companyId, SOURCES[layer], ranges, step, items), step, base);
  }
  const byCell: HexCounts = base === resolution ? fine : new Map();
  if (base !== resolution) addCells(byCell, [...fine.keys()], [...fine.values()], resolution);
  return { layer, resolution, ...heatCells(byCell) };
}

/** One layer's points in the time ranges, counted per square grid cell of `step` degrees. */
async function gridCounts(
  db: Queryable,
  companyId: number,
  source: (typeof SOURCES)[HeatmapLayer],
  ranges: readonly [number, number][],
  step: number,
  items: readonly ItemKey[] | null,
): Promise<GridCounts> {
  const params: SqlParam[] = [companyId, step];
  const during = ranges.map(([from, to]) => {
    params.push(from, to);
    return `(${source.ts} >= $${params.length - 1} and ${source.ts} < $${params.length})`;
  });
  let where = `company_id = $1 and (${during.join(" or ")})`;
  if (source.extra) where += ` and ${source.extra}`;
  if (items !== null) {
    const condition = itemCondition(items, params.length + 1);
    params.push(...condition.params);
    where += ` and ${condition.sql}`;
  }
  const rows = await db.query<GridCounts>(
    `select coalesce(array_agg(gy), '{}') as gy, coalesce(array_agg(gx), '{}') as gx, coalesce(array_agg(n), '{}') as n
     from (select round(${source.lat} / $2)::int as gy, round(${source.lng} / $2)::int as gx, count(*)::int as n
           from ${source.table} where ${where} group by 1, 2) cells`,
    params,
  );
  return rows[0] ?? { gy: [], gx: [], n: [] };
}
