import type { LatLng } from "@vigia/domain";

/**
 * The stretch of a route between two picked fixes (either order), as the corridor endpoint takes it; the whole
 * route when nothing is picked. Null when the picks fall outside the route or leave fewer than two points. Pure.
 */
export function corridorStretch(
  points: readonly LatLng[],
  a: number | null,
  b: number | null,
): LatLng[] | null {
  const from = Math.min(a ?? 0, b ?? points.length - 1);
  const to = Math.max(a ?? 0, b ?? points.length - 1);
  if (from < 0 || to >= points.length || to - from < 1) return null;
  return points.slice(from, to + 1).map((p) => ({ lat: p.lat, lng: p.lng }));
}

/** A ring as a closed GeoJSON polygon for the preview on the live map. Pure. */
export function ringPolygon(ring: readonly LatLng[]): [number, number][][] {
  const closed = ring.map((p) => [p.lng, p.lat] as [number, number]);
  const first = closed[0];
  if (first) closed.push(first);
  return [closed];
}
