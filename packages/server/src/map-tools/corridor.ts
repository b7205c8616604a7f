import { buffer } from "@turf/buffer";
import { simplify } from "@turf/simplify";
import {
  type Corridor,
  distanceM,
  type LatLng,
  normalizeRing,
  POLYGON_MAX_VERTICES,
  simplifyRing,
  validatePolygon,
} from "@vigia/domain";
import type { Feature, LineString, MultiPolygon, Polygon, Position } from "geojson";

const round = (v: number): number => Math.round(v * 1e7) / 1e7;

/** Consecutive points closer than this (m) add nothing to a corridor: a parked item's jitter. */
const SAME_SPOT_M = 1;

/**
 * A corridor geozone around a route stretch or a drawn line: the line buffered by half
 * the width on each side (turf, geodesic metres), its outer ring only (a geozone has no holes, so a loop of the
 * route is filled), then simplified. The tolerance is lowered until the ring is a valid polygon (no
 * self-intersection) and raised while it has more vertices than a geozone may. Pure. null when the line has no
 * length.
 */
export function buildCorridor(line: readonly LatLng[], widthM: number, toleranceM: number): Corridor | null {
  const path: LatLng[] = [];
  for (const p of line) {
    const last = path[path.length - 1];
    if (!last || distanceM(last, p) >= SAME_SPOT_M) path.push(p);
  }
  if (path.length < 2) return null;
  const half = widthM / 2;
  // The line is thinned first to a fraction of the width: the buffer's cost grows with its vertices and points
  // closer than that to the line change the outline by less than a pixel at any zoom a corridor is seen at.
  const lineFeature: Feature<LineString> = {
    type: "Feature",
    properties: {},
    geometry: { type: "LineString", coordinates: path.map((p) => [p.lng, p.lat]) },
  };
  const thinned = simplify(lineFeature, { tolerance: degrees(half / 4), highQuality: false });
  const buffered = buffer(thinned, half, { units: "meters", steps: 4 });
  const outer = largestOuterRing(buffered?.geometry);
  if (!outer) return null;
  const ring = normalizeRing(outer.map(([lng, lat]) => ({ lat: round(lat ?? 0), lng: round(lng ?? 0) })));
  return { points: fitRing(ring, toleranceM), bufferVertices: ring.length };
}

/** Metres as degrees of latitude, the unit turf's simplify measures in. */
function degrees(m: number): number {
  return m / 111_195;
}

function largestOuterRing(geometry: Polygon | MultiPolygon | undefined): Position[] | null {
  if (!geometry) return null;
  const rings =
    geometry.type === "Polygon" ? [geometry.coordinates[0]] : geometry.coordinates.map((p) => p[0]);
  let best: Position[] | null = null;
  for (const ring of rings) if (ring && (!best || ring.length > best.length)) best = ring;
  return best;
}

/** The ring simplified with the tolerance, or the closest valid one to it (see buildCorridor). */
export function fitRing(ring: LatLng[], toleranceM: number): LatLng[] {
  let tolerance = toleranceM;
  let out = tolerance > 0 ? simplifyRing(ring, tolerance) : ring;
  // Too many vertices: a coarser outline, doubling from 1 m.
  while (normalizeRing(out).length > POLYGON_MAX_VERTICES) {
    tolerance = Math.max(1, tolerance * 2);
    out = simplifyRing(ring, tolerance);
  }
  // Crossing itself: a finer outline, halving down to the buffer itself (which turf makes without crossings).
  while (validatePolygon(out) === "polygon.selfIntersecting" && tolerance > 0.5) {
    tolerance /= 2;
    out = simplifyRing(ring, tolerance);
  }
  return out;
}
