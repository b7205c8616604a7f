/**
 * The one server-side geometry module: alarms, reports and the places API all ask it whether a point is in a
 * geozone or near a POI. Pure, no I/O. The ring helpers shared with the web editor live in the domain package and
 * are re-exported here so callers need a single import.
 */

import {
  distanceM,
  type LatLng,
  lngDelta,
  M_PER_DEG,
  normalizeRing,
  ringPole,
  simplifyRing,
  unwrapLngs,
  validatePolygon,
} from "@vigia/domain";
import Flatbush from "flatbush";

export { distanceM, type LatLng, normalizeRing, simplifyRing, validatePolygon };

export type Zone =
  | { id: number; kind: "circle"; center: LatLng; radiusM: number }
  | { id: number; kind: "polygon"; ring: LatLng[] };

const DEG = Math.PI / 180;
/** Below this, a point counts as on the boundary (degrees; about 0.1 mm). */
const EDGE_EPS = 1e-9;
/** Circles the plane decides (see Prepared.inCircle): reach and centre latitude, and its squared 3% band. */
const PLANE_MAX_M = 30_000;
const PLANE_MAX_LAT = 70;
const PLANE_IN = 0.97 * 0.97;
const PLANE_OUT = 1.03 * 1.03;

/** Latitude/longitude box; minLng may be below -180 or maxLng above 180 for shapes across the antimeridian. */
type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/** A zone with everything a point test needs precomputed, so the hot path does no allocation. */
class Prepared {
  readonly box: Box;
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly pole: -1 | 0 | 1;
  /** Cosine of a circle's centre latitude (1 for polygons): the plane's longitude scale around it. */
  private readonly cosLat: number;

  constructor(readonly zone: Zone) {
    this.cosLat = zone.kind === "circle" ? Math.cos(zone.center.lat * DEG) : 1;
    if (zone.kind === "circle") {
      this.xs = new Float64Array(0);
      this.ys = new Float64Array(0);
      this.pole = 0;
      this.box = circleBox(zone.center, zone.radiusM);
      return;
    }
    const open = normalizeRing(zone.ring);
    this.pole = ringPole(open);
    this.ys = Float64Array.from(open.map((p) => p.lat));
    this.xs = Float64Array.from(this.pole === 0 ? unwrapLngs(open) : open.map((p) => p.lng));
    let minLat = 90;
    let maxLat = -90;
    let minLng = Number.POSITIVE_INFINITY;
    let maxLng = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.xs.length; i++) {
      minLat = Math.min(minLat, this.ys[i] as number);
      maxLat = Math.max(maxLat, this.ys[i] as number);
      minLng = Math.min(minLng, this.xs[i] as number);
      maxLng = Math.max(maxLng, this.xs[i] as number);
    }
    if (this.pole === 1) this.box = { minLat, maxLat: 90, minLng: -180, maxLng: 180 };
    else if (this.pole === -1) this.box = { minLat: -90, maxLat, minLng: -180, maxLng: 180 };
    else this.box = { minLat, maxLat, minLng, maxLng };
  }

  /** Whether p is inside after moving the boundary outwards by marginM (negative: inwards). */
  contains(p: LatLng, marginM = 0): boolean {
    const z = this.zone;
    if (z.kind === "circle") return this.inCircle(p, z.center, z.radiusM + marginM);
    const inside = this.inRing(p);
    if (marginM === 0 || this.xs.length === 0) return inside;
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
      const dx = lngDelta(center.lng, p.lng) * M_PER_DEG * this.cosLat;
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
    const { xs, ys } = this;
    const n = xs.length;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const yi = ys[i] as number;
      const yj = ys[j] as number;
      // An edge wholly above or below the point neither crosses its ray nor holds it: most edges stop here.
      if ((yi > y + EDGE_EPS && yj > y + EDGE_EPS) || (yi < y - EDGE_EPS && yj < y - EDGE_EPS)) continue;
      const xi = xs[i] as number;
      const xj = xs[j] as number;
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
    const { xs, ys } = this;
    const n = xs.length;
    let crossings = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const da = lngDelta(p.lng, xs[j] as number);
      const db = lngDelta(p.lng, xs[i] as number);
      if (da <= 0 === db <= 0 || Math.abs(db - da) >= 180) continue;
      const t = -da / (db - da);
      const latX = (ys[j] as number) + t * ((ys[i] as number) - (ys[j] as number));
      if (Math.abs(latX - p.lat) <= EDGE_EPS) return true;
      if (this.pole === 1 ? latX > p.lat : latX < p.lat) crossings++;
    }
    return crossings % 2 === 0;
  }

  /** Distance from p to the nearest edge, in metres on a local plane around p (margins are tens of metres). */
  private boundaryDistanceM(p: LatLng): number {
    const { xs, ys } = this;
    const kx = M_PER_DEG * Math.cos(p.lat * DEG);
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
      const ax = lngDelta(p.lng, xs[j] as number) * kx;
      const ay = ((ys[j] as number) - p.lat) * M_PER_DEG;
      const bx = ax + lngDelta(xs[j] as number, xs[i] as number) * kx;
      const by = ((ys[i] as number) - p.lat) * M_PER_DEG;
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

/** Whether p is inside the zone (boundary included). Safe across the antimeridian and around the poles. */
export function pointInZone(p: LatLng, zone: Zone): boolean {
  return new Prepared(zone).contains(p);
}

/** Whether p is inside the zone grown by marginM metres (negative shrinks it). */
export function pointInZoneWithMargin(p: LatLng, zone: Zone, marginM: number): boolean {
  return new Prepared(zone).contains(p, marginM);
}

/**
 * A packed R-tree (flatbush) over the zones' boxes: a query visits only the boxes around the point and tests the
 * zones whose box holds it. Boxes that run past ±180 (shapes across the antimeridian) stay unwrapped in the tree;
 * a query then also looks at the point's copies 360° east and west.
 */
export class ZoneIndex {
  private readonly zones: Prepared[] = [];
  private readonly ids: Int32Array;
  private readonly byId = new Map<number, Prepared>();
  private readonly tree: Flatbush | null;
  private readonly wraps: boolean;

  constructor(zones: Zone[]) {
    for (const z of zones) {
      const prepared = new Prepared(z);
      this.byId.set(z.id, prepared);
    }
    this.zones = [...this.byId.values()];
    this.ids = Int32Array.from(this.zones, (z) => z.zone.id);
    this.wraps = this.zones.some((z) => z.box.minLng < -180 || z.box.maxLng > 180);
    if (this.zones.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(this.zones.length);
    for (const { box } of this.zones) tree.add(box.minLng, box.minLat, box.maxLng, box.maxLat);
    tree.finish();
    this.tree = tree;
  }

  get size(): number {
    return this.zones.length;
  }

  zone(id: number): Zone | undefined {
    return this.byId.get(id)?.zone;
  }

  /** Whether p is inside the indexed zone `id` grown by marginM (false for an unknown id); no preparation per call. */
  has(id: number, p: LatLng, marginM = 0): boolean {
    const z = this.byId.get(id);
    return z?.contains(p, marginM) ?? false;
  }

  /** Ids of the zones containing p, in ascending order. */
  containing(p: LatLng): number[] {
    return this.query(p, 0, true);
  }

  /** Ids of the zones containing p once their boundary moves out by marginM (in by -marginM when negative). */
  containingWithMargin(p: LatLng, marginM: number): number[] {
    return this.query(p, marginM, true);
  }

  /** Ids whose box, grown by marginM, holds p: the candidates a caller may then test itself. */
  near(p: LatLng, marginM: number): number[] {
    return this.query(p, marginM, false);
  }

  private query(p: LatLng, marginM: number, exact: boolean): number[] {
    const tree = this.tree;
    if (tree === null) return [];
    const padLat = Math.max(0, marginM) / M_PER_DEG + EDGE_EPS;
    const padLng = padLat / Math.max(Math.cos(Math.min(89.9, Math.abs(p.lat) + padLat) * DEG), 1e-6);
    const test = exact ? (i: number) => (this.zones[i] as Prepared).contains(p, marginM) : undefined;
    const minLat = p.lat - padLat;
    const maxLat = p.lat + padLat;
    let found = tree.search(p.lng - padLng, minLat, p.lng + padLng, maxLat, test);
    if (this.wraps) {
      const copies = new Set(found);
      for (const shift of [-360, 360])
        for (const i of tree.search(p.lng + shift - padLng, minLat, p.lng + shift + padLng, maxLat, test))
          copies.add(i);
      found = [...copies];
    }
    const out = found.map((i) => this.ids[i] as number);
    return out.length > 1 ? out.sort((a, b) => a - b) : out;
  }
}

/**
 * Hysteresis against GPS jumps: an item counts as inside/outside only after `confirmations` consecutive fixes agree,
 * and the boundary is widened/narrowed by `marginM`. An item inside a zone stays inside until it is beyond the
 * boundary plus the margin; an item outside enters only once it is inside the boundary minus the margin (a circle
 * smaller than the margin is entered at its centre reach, never missed: the inward margin is capped at the radius).
 * Items start outside everything; snapshot()/restore() carry the confirmed state over a restart so a restart does
 * not fire "entered" for every parked vehicle. A zone that disappears from `zones` is dropped silently (deleting a
 * zone is not the item leaving it).
 */
const NOTHING: { entered: number[]; exited: number[] } = Object.freeze({
  entered: [] as number[],
  exited: [] as number[],
}) as { entered: number[]; exited: number[] };

export class ZoneTracker {
  private readonly marginM: number;
  private readonly confirmations: number;
  private readonly inside = new Map<string, Set<number>>();
  /** Per item and zone: how many consecutive fixes disagreed with the confirmed state. */
  private readonly pending = new Map<string, Map<number, number>>();

  constructor(opts: { marginM?: number; confirmations?: number } = {}) {
    this.marginM = Math.max(0, opts.marginM ?? 20);
    this.confirmations = Math.max(1, Math.floor(opts.confirmations ?? 2));
  }

  update(
    itemKey: string,
    p: LatLng,
    index: ZoneIndex,
    zones: Map<number, Zone>,
  ): { entered: number[]; exited: number[] } {
    const near = index.near(p, this.marginM);
    const known = this.inside.get(itemKey);
    const waiting = this.pending.get(itemKey);
    // The common case on the hot path: near nothing and inside nothing.
    if (near.length === 0 && known === undefined && waiting === undefined) return NOTHING;
    const inside = known ?? new Set<number>();
    const pending = waiting ?? new Map<number, number>();
    const entered: number[] = [];
    const exited: number[] = [];
    let toCheck = near;
    if (inside.size > 0 || pending.size > 0) {
      const all = new Set<number>(near);
      for (const id of inside) all.add(id);
      for (const id of pending.keys()) all.add(id);
      toCheck = [...all].sort((a, b) => a - b);
    }
    for (const id of toCheck) {
      const zone = zones.get(id);
      if (!zone) {
        inside.delete(id);
        pending.delete(id);
        continue;
      }
      const wasIn = inside.has(id);
      const margin = wasIn ? this.marginM : -this.inwardMargin(zone);
      // The index holds the zone prepared; a zone map newer than the index falls back to preparing it here.
      const nowIn =
        index.zone(id) === zone ? index.has(id, p, margin) : pointInZoneWithMargin(p, zone, margin);
      if (nowIn === wasIn) {
        pending.delete(id);
        continue;
      }
      const count = (pending.get(id) ?? 0) + 1;
      if (count < this.confirmations) {
        pending.set(id, count);
        continue;
      }
      pending.delete(id);
      if (nowIn) {
        inside.add(id);
        entered.push(id);
      } else {
        inside.delete(id);
        exited.push(id);
      }
    }
    this.store(itemKey, inside, pending);
    return { entered, exited };
  }

  /** Zones each item is confirmed inside (items inside nothing are left out). */
  snapshot(): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (const [key, set] of this.inside) if (set.size > 0) out[key] = [...set].sort((a, b) => a - b);
    return out;
  }

  restore(s: Record<string, number[]>): void {
    this.inside.clear();
    this.pending.clear();
    for (const [key, ids] of Object.entries(s)) this.inside.set(key, new Set(ids));
  }

  /**
   * Sets what an item is inside from one known point, without reporting entries or exits: a node that takes an
   * item over from another (cluster fail-over) starts from where the item is, not from "inside nothing".
   */
  prime(itemKey: string, p: LatLng, index: ZoneIndex, zones: Map<number, Zone>): Set<number> {
    const inside = new Set<number>();
    for (const id of index.near(p, this.marginM)) {
      const zone = zones.get(id);
      if (zone && pointInZoneWithMargin(p, zone, 0)) inside.add(id);
    }
    this.store(itemKey, new Set(inside), new Map());
    return inside;
  }

  /** Forget an item (deleted, or moved to another company). */
  forget(itemKey: string): void {
    this.inside.delete(itemKey);
    this.pending.delete(itemKey);
  }

  private inwardMargin(zone: Zone): number {
    return zone.kind === "circle" ? Math.min(this.marginM, zone.radiusM / 2) : this.marginM;
  }

  private store(itemKey: string, inside: Set<number>, pending: Map<number, number>): void {
    if (inside.size > 0) this.inside.set(itemKey, inside);
    else this.inside.delete(itemKey);
    if (pending.size > 0) this.pending.set(itemKey, pending);
    else this.pending.delete(itemKey);
  }
}
