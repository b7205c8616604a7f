import type { HeatCell } from "@vigia/domain";
import { cellToLatLng, getHexagonEdgeLengthAvg, latLngToCell, UNITS } from "h3-js";

/**
 * Square grid cells the database counts points into before they are folded into hexagons, as three parallel
 * columns: the database answers them as one row of three arrays, since a sparse month (a fleet on roads) has
 * nearly one grid cell per position and a row per cell costs several times the grouping itself.
 */
export interface GridCounts {
  gy: readonly number[];
  gx: readonly number[];
  n: readonly number[];
}

const KM_PER_DEGREE = 111.32;

/**
 * The grid step (degrees) the database rounds points to: a third of the hexagon edge, so each grid cell falls
 * wholly or almost wholly in one hexagon and the database returns at most a few rows per hexagon.
 */
export function gridStepDegrees(resolution: number): number {
  return getHexagonEdgeLengthAvg(resolution, UNITS.km) / KM_PER_DEGREE / 3;
}

/** Folds grid counts into H3 hexagons of `resolution`, centre and count each, heaviest first. Pure. */
export function foldIntoHexagons(
  counts: GridCounts,
  step: number,
  resolution: number,
): { cells: HeatCell[]; total: number; max: number } {
  const byCell = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < counts.n.length; i++) {
    const lat = (counts.gy[i] ?? 0) * step;
    const lng = (counts.gx[i] ?? 0) * step;
    const n = counts.n[i] ?? 0;
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180) continue;
    const h3 = latLngToCell(lat, lng, resolution);
    byCell.set(h3, (byCell.get(h3) ?? 0) + n);
    total += n;
  }
  let max = 0;
  const cells: HeatCell[] = [];
  for (const [h3, count] of byCell) {
    const [lat, lng] = cellToLatLng(h3);
    cells.push({ h3, lat: round6(lat), lng: round6(lng), count });
    if (count > max) max = count;
  }
  cells.sort((a, b) => b.count - a.count);
  return { cells, total, max };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
