import {
  distanceM,
  type LatLng,
  lngDelta,
  M_PER_DEG,
  normalizeRing,
  ringPole,
  unwrapLngs,
} from "@vigia/domain";

/** One zone prepared for point tests: its box, and the exact test with or without a margin. Pure. */

export type Zone =
  | { id: number; kind: "circle"; center: LatLng; radiusM: number }
  | { id: number; kind: "polygon"; ring: LatLng[] };

export const DEG = Math.PI / 180;
/** Below this, a point counts as on the boundary (degrees; about 0.1 mm). */
export const EDGE_EPS = 1e-9;
/** Circles the plane decides (see PreparedZone.inCircle): reach and centre latitude, and its squared 3% band. */
const PLANE_MAX_M = 30_000;
const PLANE_MAX_LAT = 70;
const PLANE_IN = 0.97 * 0.97;
const PLANE_OUT = 1.03 * 1.03;

/** Latitude/longitude box; minLng may be below -180 or maxLng above 180 for shapes across the antimeridian. */
export type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/**
 * A zone with everything a point test needs precomputed, so the hot path does no allocation: a polygon's ring as one
 * flat array of longitude, latitude pairs (one memory stream for the edge loop), a circle's plane scale.
 */
export class PreparedZone {
  readonly box: Box;
  /** Longitude, latitude of each vertex in turn (open ring; longitudes unwrapped unless it is around a pole). */
  private readonly ring: Float64Array;
  private readonly pole: -1 | 0 | 1;
  /** Cosine of a circle's centre latitude (1 for polygons): the plane's longitude scale around it. */
  private readonly cosLat: number;

  constructor(readonly zone: Zone) {
    this.cosLat = zone.kind === "circle" ? Math.cos(zone.center.lat * DEG) : 1;
    if (zone.kind === "circle") {
      this.ring = new Float64Array(0);
      this.pole = 0;
      this.box = circleBox(zone.center, zone.radiusM);
      return;
    }
    const open = normalizeRing(zone.ring);
    this.pole = ringPole(open);
    const lngs = this.pole === 0 ? unwrapLngs(open) : open.map((p) => p.lng);
    this.ring = new Float64Array(open.length * 2);
    let minLat = 90;
    let maxLat = -90;
    let minLng = Number.POSITIVE_INFINITY;
    let maxLng = Number.NEGATIVE_INFINITY;
    open.forEach((p, i) => {
      const lng = lngs[i] as number;
      this.ring[2 * i] = lng;
      this.ring[2 * i + 1] = p.lat;
      minLat = Math.min(minLat, p.lat);
      maxLat = Math.max(maxLat, p.lat);
      minLng = Math.min(minLng, lng);
      maxLng = Math.max(maxLng, lng);
    });
    if (this.pole === 1) this.box = { minLat, maxLat: 90, minLng: -180, maxLng: 180 };
    else if (this.pole === -1) this.box = { minLat: -90, maxLat, minLng: -180, maxLng: 180 };
    else this.box = { minLat, maxLat, minLng, maxLng };
  }

  /** Whether p is inside after moving the boundary outwards by marginM (negative: inwards). */
  contains(p: LatLng, marginM = 0): boolean {
    const z = this.zone;
    if (z.kind === "circle") return this.inCircle(p, z.center, z.radiusM + marginM);
    const inside = this.inRing(p);
    if (marginM === 0 || this.ring.length === 0) return inside;
    const d = this.boundaryDistanceM(p);
    return marginM > 0 ? inside || d <= marginM : inside && d >= -marginM;
  }

  /**
   * Great-circle distance within reach, decided without trigonometry for most points: on a plane around a circle of
   * up to 30 km below 70° latitude the distance is within 3% of the great-circle one, so a point clearly inside or
   * outside that band is answered from the plane and only those near the boundary pay for the exact formula.
   */
  private inCircle(p: LatLng, center: LatLng, reachM: number): boolean {
    if (reachM > 0 && reachM <= PLANE_MAX_M && Math.abs(center.lat) <= PLANE_MAX_LAT) {
      const dy = (p.lat - center.lat) * M_PER_DEG;
      // Within ±180 the difference is already the signed delta: the modulo is only paid across the antimeridian.
      const raw = p.lng - center.lng;
      const dx = (raw > -180 && raw <= 180 ? raw : lngDelta(center.lng, p.lng)) * M_PER_DEG * this.cosLat;
      const d2 = dx * dx + dy * dy;
      const r2 = reachM * reachM;
      if (d2 < r2 * PLANE_IN) return true;
      if (d2 > r2 * PLANE_OUT) return false;
    }
    return distanceM(p, center) <= reachM;
  }

  private inRing(p: LatLng): boolean {
    if (this.pole !== 0) return this.inPolarRing(p);
    // The unwrapped ring may sit partly beyond ±180: test the point's copies that can fall inside its box.
    return this.inCopy(p.lng, p.lat) || this.inCopy(p.lng - 360, p.lat) || this.inCopy(p.lng + 360, p.lat);
  }

  private inCopy(x: number, y: number): boolean {
    if (x < this.box.minLng - EDGE_EPS || x > this.box.maxLng + EDGE_EPS) return false;
    return this.inPlanar(x, y);
  }

  /** Even-odd ray cast towards +x; points on an edge or vertex count as inside so results never flicker on ties. */
  private inPlanar(x: number, y: number): boolean {
    const ring = this.ring;
    const n = ring.length;
    let inside = false;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const yi = ring[i + 1] as number;
      const yj = ring[j + 1] as number;
      // An edge wholly above or below the point neither crosses its ray nor holds it: most edges stop here.
      if ((yi > y + EDGE_EPS && yj > y + EDGE_EPS) || (yi < y - EDGE_EPS && yj < y - EDGE_EPS)) continue;
      const xi = ring[i] as number;
      const xj = ring[j] as number;
      const cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi);
      if (
        Math.abs(cross) <= EDGE_EPS * Math.max(1, Math.abs(xj - xi) + Math.abs(yj - yi)) &&
        x >= Math.min(xi, xj) - EDGE_EPS &&
        x <= Math.max(xi, xj) + EDGE_EPS &&
        y >= Math.min(yi, yj) - EDGE_EPS &&
        y <= Math.max(yi, yj) + EDGE_EPS
      )
        return true;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }

  /**
   * A ring around a pole: walk the point's meridian towards that pole and count boundary crossings; none (or an
   * even number) means the point is on the pole's side, i.e. inside.
   */
  private inPolarRing(p: LatLng): boolean {
    const ring = this.ring;
    const n = ring.length;
    let crossings = 0;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const da = lngDelta(p.lng, ring[j] as number);
      const db = lngDelta(p.lng, ring[i] as number);
      if (da <= 0 === db <= 0 || Math.abs(db - da) >= 180) continue;
      const t = -da / (db - da);
      const latX = (ring[j + 1] as number) + t * ((ring[i + 1] as number) - (ring[j + 1] as number));
      if (Math.abs(latX - p.lat) <= EDGE_EPS) return true;
      if (this.pole === 1 ? latX > p.lat : latX < p.lat) crossings++;
    }
    return crossings % 2 === 0;
  }

  /** Distance from p to the nearest edge, in metres on a local plane around p (margins are tens of metres). */
  private boundaryDistanceM(p: LatLng): number {
    const ring = this.ring;
    const kx = M_PER_DEG * Math.cos(p.lat * DEG);
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const ax = lngDelta(p.lng, ring[j] as number) * kx;
      const ay = ((ring[j + 1] as number) - p.lat) * M_PER_DEG;
      const bx = ax + lngDelta(ring[j] as number, ring[i] as number) * kx;
      const by = ((ring[i + 1] as number) - p.lat) * M_PER_DEG;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
    return best;
  }
}

/** Box of a circle; a circle reaching a pole spans every longitude. */
function circleBox(c: LatLng, radiusM: number): Box {
  const dLat = radiusM / M_PER_DEG;
  const minLat = c.lat - dLat;
  const maxLat = c.lat + dLat;
  if (maxLat >= 90 || minLat <= -90) {
    return { minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat), minLng: -180, maxLng: 180 };
  }
  // The widest longitude span is at the latitude edge nearest a pole.
  const cos = Math.cos(Math.max(Math.abs(minLat), Math.abs(maxLat)) * DEG);
  const dLng = Math.min(180, dLat / Math.max(cos, 1e-9));
  return { minLat, maxLat, minLng: c.lng - dLng, maxLng: c.lng + dLng };
}
