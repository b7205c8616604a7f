/**
 * Pure spherical helpers for places, shared by the server geometry module (alarms, reports) and the web editor
 * (validation before save, simplify preview) so both sides agree on every vertex.
 *
 * Rings are lists of {lat, lng} in degrees. Each edge is taken the short way round in longitude, which is what a
 * person drawing on a map means, and is what makes antimeridian-crossing polygons work: the ring is "unwrapped"
 * (longitudes made continuous) before any planar test.
 */

export type LatLng = { lat: number; lng: number };

export const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;
/** Metres per degree of latitude on the mean sphere. */
export const M_PER_DEG = EARTH_RADIUS_M * DEG;

/** Longitude difference b - a folded into (-180, 180]. */
export function lngDelta(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d > 180) d -= 360;
  else if (d <= -180) d += 360;
  return d;
}

/** Great-circle distance (haversine); exact enough for metres up to antipodes, safe across poles and the antimeridian. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLng = lngDelta(a.lng, b.lng) * DEG;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

const samePoint = (a: LatLng, b: LatLng): boolean => a.lat === b.lat && lngDelta(a.lng, b.lng) === 0;

/** Drops the closing vertex and consecutive duplicates: the open ring every other helper works on. */
export function normalizeRing(ring: readonly LatLng[]): LatLng[] {
  const out: LatLng[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || !samePoint(last, p)) out.push(p);
  }
  while (out.length > 1 && samePoint(out[0] as LatLng, out[out.length - 1] as LatLng)) out.pop();
  return out;
}

/** Longitudes made continuous along the ring, starting at the first vertex's longitude. */
export function unwrapLngs(ring: readonly LatLng[]): number[] {
  const lngs: number[] = [];
  let prev = ring[0]?.lng ?? 0;
  for (const p of ring) {
    const lng = lngs.length === 0 ? p.lng : prev + lngDelta(prev, p.lng);
    lngs.push(lng);
    prev = lng;
  }
  return lngs;
}

/**
 * Which pole an open ring goes around: 1 north, -1 south, 0 none. A ring whose edges add up to a full turn in
 * longitude encloses a pole; we take the one on the side of its mean latitude (the smaller cap).
 */
export function ringPole(ring: readonly LatLng[]): -1 | 0 | 1 {
  if (ring.length < 3) return 0;
  const lngs = unwrapLngs(ring);
  const first = ring[0] as LatLng;
  const closing = (lngs[lngs.length - 1] as number) + lngDelta(ring[ring.length - 1]?.lng ?? 0, first.lng);
  if (Math.abs(closing - first.lng) < 180) return 0;
  const meanLat = ring.reduce((s, p) => s + p.lat, 0) / ring.length;
  return meanLat >= 0 ? 1 : -1;
}

const validCoordinate = (p: LatLng): boolean =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** Orientation of c relative to the directed line a→b in planar coordinates: >0 left, <0 right, 0 collinear. */
function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Closed segments [p1,p2] and [p3,p4] touch or cross. */
function segmentsIntersect(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  x4: number,
  y4: number,
): boolean {
  const d1 = orient(x3, y3, x4, y4, x1, y1);
  const d2 = orient(x3, y3, x4, y4, x2, y2);
  const d3 = orient(x1, y1, x2, y2, x3, y3);
  const d4 = orient(x1, y1, x2, y2, x4, y4);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSegment(x3, y3, x4, y4, x1, y1)) return true;
  if (d2 === 0 && onSegment(x3, y3, x4, y4, x2, y2)) return true;
  if (d3 === 0 && onSegment(x1, y1, x2, y2, x3, y3)) return true;
  if (d4 === 0 && onSegment(x1, y1, x2, y2, x4, y4)) return true;
  return false;
}

export const POLYGON_MAX_VERTICES = 5000;

export type PolygonError =
  | "polygon.invalidCoordinate"
  | "polygon.tooFewVertices"
  | "polygon.tooManyVertices"
  | "polygon.zeroArea"
  | "polygon.selfIntersecting";

/**
 * null when the ring is a usable polygon, else an i18n error key. Accepts closed or open rings (auto-closed).
 * Self-intersection is tested on the unwrapped ring, so a ring crossing the antimeridian is judged as drawn.
 */
export function validatePolygon(ring: readonly LatLng[]): PolygonError | null {
  if (!ring.every(validCoordinate)) return "polygon.invalidCoordinate";
  const open = normalizeRing(ring);
  const distinct = new Set(open.map((p) => `${p.lat},${((p.lng % 360) + 360) % 360}`));
  if (distinct.size < 3) return "polygon.tooFewVertices";
  if (open.length > POLYGON_MAX_VERTICES) return "polygon.tooManyVertices";
  if (distinct.size !== open.length) return "polygon.selfIntersecting"; // a vertex visited twice pinches the ring
  const pole = ringPole(open);
  const xs = unwrapLngs(open);
  const ys = open.map((p) => p.lat);
  const n = open.length;
  // Edges on the unwrapped plane. A ring around a pole ends a full turn from where it started, so its closing edge
  // runs to the first vertex shifted by ±360 instead of back across the whole drawing.
  const turn =
    pole === 0
      ? 0
      : (xs[n - 1] as number) + lngDelta(xs[n - 1] as number, xs[0] as number) - (xs[0] as number);
  const x1 = xs;
  const y1 = ys;
  const x2 = xs.map((_, i) => (i + 1 < n ? (xs[i + 1] as number) : (xs[0] as number) + turn));
  const y2 = ys.map((_, i) => ys[(i + 1) % n] as number);
  const e = (a: number[], i: number): number => a[i] as number;
  // Every pair of non-adjacent edges must stay apart; adjacent edges may only share their common vertex.
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const next = j === i + 1;
      const wrap = i === 0 && j === n - 1;
      if (next || wrap) {
        // Sharing a vertex is fine; folding back along the shared edge is not. first→shared→last, both edges
        // moved onto the same copy of the shared vertex.
        const [a, b] = next ? [i, j] : [j, i];
        const shift = e(x2, a) - e(x1, b);
        const ax = e(x1, a);
        const ay = e(y1, a);
        const sx = e(x2, a);
        const sy = e(y2, a);
        const cx = e(x2, b) + shift;
        const cy = e(y2, b);
        if (orient(ax, ay, sx, sy, cx, cy) === 0 && (cx - sx) * (ax - sx) + (cy - sy) * (ay - sy) > 0)
          return "polygon.selfIntersecting";
        continue;
      }
      if (segmentsIntersect(e(x1, i), e(y1, i), e(x2, i), e(y2, i), e(x1, j), e(y1, j), e(x2, j), e(y2, j)))
        return "polygon.selfIntersecting";
    }
  }
  // A ring that folds onto itself is caught above; what is left with no area is degenerate in some subtler way.
  if (pole === 0) {
    let area2 = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      area2 += (xs[i] as number) * (ys[j] as number) - (xs[j] as number) * (ys[i] as number);
    }
    if (Math.abs(area2) < 1e-18) return "polygon.zeroArea";
  }
  return null;
}

/**
 * Douglas-Peucker in metres. The ring is projected onto a local plane around its centre (equirectangular, good to a
 * fraction of a percent at the sizes places have), so the tolerance means the same on the equator and in Oslo.
 * Returns a subset of the input vertices: both endpoints are always kept, and a closed input stays closed.
 */
export function simplifyRing(ring: readonly LatLng[], toleranceM: number): LatLng[] {
  const closed = ring.length > 1 && samePoint(ring[0] as LatLng, ring[ring.length - 1] as LatLng);
  const open = normalizeRing(ring);
  if (open.length <= 3 || !(toleranceM > 0)) return ring.slice();
  const lngs = unwrapLngs(open);
  const lat0 = open.reduce((s, p) => s + p.lat, 0) / open.length;
  const kx = M_PER_DEG * Math.cos(lat0 * DEG);
  const xs = lngs.map((l) => l * kx);
  const ys = open.map((p) => p.lat * M_PER_DEG);
  // Treat the open ring as a path 0..n where n is vertex 0 again; split at the vertex farthest from 0 so neither
  // half starts and ends on the same point (DP needs a real chord).
  const n = open.length;
  const px = (i: number): number => (i === n ? (xs[0] as number) : (xs[i] as number));
  const py = (i: number): number => (i === n ? (ys[0] as number) : (ys[i] as number));
  let far = 1;
  let farD = -1;
  for (let i = 1; i < n; i++) {
    const d = Math.hypot(px(i) - px(0), py(i) - py(0));
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const keep = new Uint8Array(n + 1);
  keep[0] = 1;
  keep[far] = 1;
  keep[n] = 1;
  if (!closed) keep[n - 1] = 1; // an open input's last vertex is its other endpoint: keep it as well
  const stack: [number, number][] = [
    [0, far],
    [far, n],
  ];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const ax = px(a);
    const ay = py(a);
    const dx = px(b) - ax;
    const dy = py(b) - ay;
    const len2 = dx * dx + dy * dy;
    let best = -1;
    let bestD = -1;
    for (let i = a + 1; i < b; i++) {
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px(i) - ax) * dx + (py(i) - ay) * dy) / len2));
      const d = Math.hypot(px(i) - (ax + t * dx), py(i) - (ay + t * dy));
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best > 0 && bestD > toleranceM) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  if (kept.length < 3) {
    // A polygon needs three corners: add back the vertex farthest from the chord we kept.
    let best = -1;
    let bestD = -1;
    for (let i = 1; i < n; i++) {
      if (keep[i]) continue;
      const d = Math.abs(orient(px(0), py(0), px(far), py(far), px(i), py(i)));
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best > 0) kept.push(best);
    kept.sort((a, b) => a - b);
  }
  const out = kept.map((i) => open[i] as LatLng);
  if (closed) out.push(open[0] as LatLng);
  return out;
}

/**
 * A circle as a ring of `segments` vertices (destination points on the sphere), for drawing. Longitudes are kept
 * continuous, so a circle across the antimeridian comes out as one unbroken ring (MapLibre draws lng > 180 fine).
 */
export function circleRing(center: LatLng, radiusM: number, segments = 64): LatLng[] {
  const d = radiusM / EARTH_RADIUS_M;
  const lat1 = center.lat * DEG;
  const out: LatLng[] = [];
  for (let i = 0; i < segments; i++) {
    const bearing = (2 * Math.PI * i) / segments;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
    const dLng = Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
    out.push({ lat: lat2 / DEG, lng: center.lng + dLng / DEG });
  }
  return out;
}

/** GeoJSON polygon coordinates ([lng, lat], closed) of an open ring, longitudes made continuous. */
export function ringToGeoJson(ring: readonly LatLng[]): [number, number][][] {
  const open = normalizeRing(ring);
  const lngs = unwrapLngs(open);
  const coords = open.map((p, i) => [lngs[i] as number, p.lat] as [number, number]);
  if (coords[0]) coords.push(coords[0]);
  return [coords];
}
