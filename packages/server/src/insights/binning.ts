import type { HeatCell } from "@vigia/domain";
import { cellToLatLng, cellToParent, getHexagonEdgeLengthAvg, latLngToCell, UNITS } from "h3-js";

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

/** Points per H3 cell (its string index), filled from grid counts and from stored cells, then turned to cells. */
export type HexCounts = Map<string, number>;

const KM_PER_DEGREE = 111.32;

/**
 * The grid step (degrees) the database rounds points to: a third of the hexagon edge, so each grid cell falls
 * wholly or almost wholly in one hexagon and the database returns at most a few rows per hexagon.
 */
export function gridStepDegrees(resolution: number): number {
  return getHexagonEdgeLengthAvg(resolution, UNITS.km) / KM_PER_DEGREE / 3;
}

/** Adds grid counts to the hexagons of `resolution` their centres fall in. */
export function addGrid(into: HexCounts, counts: GridCounts, step: number, resolution: number): void {
  for (let i = 0; i < counts.n.length; i++)
    addGridCell(into, counts.gy[i] ?? 0, counts.gx[i] ?? 0, counts.n[i] ?? 0, step, resolution);
}

/** Adds one grid cell's count to its hexagon; points off the globe are left out. */
export function addGridCell(
  into: HexCounts,
  gy: number,
  gx: number,
  n: number,
  step: number,
  resolution: number,
): void {
  const lat = gy * step;
  const lng = gx * step;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return;
  const h3 = latLngToCell(lat, lng, resolution);
  into.set(h3, (into.get(h3) ?? 0) + n);
}

/** Adds counts of H3 cells of a resolution at least as fine as `resolution` to their parents at `resolution`. */
export function addCells(
  into: HexCounts,
  cells: readonly string[],
  counts: readonly number[],
  resolution: number,
): void {
  for (let i = 0; i < cells.length; i++) {
    const h3 = cellToParent(cells[i] ?? "", resolution);
    into.set(h3, (into.get(h3) ?? 0) + (counts[i] ?? 0));
  }
}

/** The hexagons as heat cells (centre and count), heaviest first, with their total and maximum. Pure. */
export function heatCells(byCell: HexCounts): { cells: HeatCell[]; total: number; max: number } {
  let max = 0;
  let total = 0;
  const cells: HeatCell[] = [];
  for (const [h3, count] of byCell) {
    const [lat, lng] = cellToLatLng(h3);
    cells.push({ h3, lat: round6(lat), lng: round6(lng), count });
    total += count;
    if (count > max) max = count;
  }
  cells.sort((a, b) => b.count - a.count);
  return { cells, total, max };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
