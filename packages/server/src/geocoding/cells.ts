/**
 * The grid that indexes streets and address points: cells of CELL_DEG degrees of latitude and longitude, each
 * named by one integer, so "what lies near this point" is a handful of exact index probes (`cell = any(…)`) on
 * PGlite and PostgreSQL alike. Pure.
 */
export const CELL_DEG = 0.002;
/** Street pieces are cut to at most this length, so every point of a piece lies within half of it of its middle. */
export const MAX_PIECE_M = 100;
const COLUMNS = Math.ceil(360 / CELL_DEG) + 1;
export const M_PER_DEG = 111_320;

const row = (lat: number): number => Math.floor((Math.min(90, Math.max(-90, lat)) + 90) / CELL_DEG);
const column = (lng: number): number => {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return Math.floor((wrapped + 180) / CELL_DEG);
};

export function cellOf(lat: number, lng: number): number {
  return row(lat) * COLUMNS + column(lng);
}

/** Metres per degree of longitude at a latitude (never below a metre, so the poles stay finite). */
export function mPerDegLng(lat: number): number {
  return Math.max(1, M_PER_DEG * Math.cos((lat * Math.PI) / 180));
}

/**
 * Every cell within `radiusM` of the point, widened by half a piece so a piece filed under the cell of its middle
 * is found whenever any part of it is that near.
 */
export function cellsAround(lat: number, lng: number, radiusM: number): number[] {
  const reach = radiusM + MAX_PIECE_M / 2;
  const dLat = reach / M_PER_DEG;
  const dLng = Math.min(180, reach / mPerDegLng(Math.min(89.9, Math.abs(lat) + dLat)));
  return cellsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng);
}

/** Every cell overlapping a box (south, west, north, east in degrees); a box over the antimeridian wraps. */
export function cellsInBox(south: number, west: number, north: number, east: number): number[] {
  const cells = new Set<number>();
  const r0 = row(south);
  const r1 = row(north);
  const width = Math.min(COLUMNS, Math.floor((east - west) / CELL_DEG) + 2);
  const c0 = column(west);
  for (let r = r0; r <= r1; r++)
    for (let k = 0; k < width; k++) cells.add(r * COLUMNS + ((c0 + k) % (COLUMNS - 1)));
  return [...cells];
}
