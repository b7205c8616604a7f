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

export { distanceM, type LatLng, normalizeRing, simplifyRing, validatePolygon };

export type Zone =
  | { id: number; kind: "circle"; center: LatLng; radiusM: number }
  | { id: number; kind: "polygon"; ring: LatLng[] };

const DEG = Math.PI / 180;
/** Below this, a point counts as on the boundary (degrees; about 0.1 mm). */
const EDGE_EPS = 1e-9;

/** Latitude/longitude box; minLng may be below -180 or maxLng above 180 for shapes across the antimeridian. */
type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/** A zone with everything a point test needs precomputed, so the hot path does no allocation. */
class Prepared {
  readonly box: Box;
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly pole: -1 | 0 | 1;

  constructor(readonly zone: Zone) {
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
    if (z.kind === "circle") return distanceM(p, z.center) <= z.radiusM + marginM;
    const inside = this.inRing(p);
    if (marginM === 0 || this.xs.length === 0) return inside;
    const d = this.boundaryDistanceM(p);
    return marginM > 0 ? inside || d <= marginM : inside && d >= -marginM;
  }

  private inRing(p: LatLng): boolean {
    if (this.pole !== 0) return this.inPolarRing(p);
    // The unwrapped ring may sit partly beyond ±180: test the point's copies that can fall inside its box.
    for (const shift of [0, -360, 360]) {
      const x = p.lng + shift;
      if (x < this.box.minLng - EDGE_EPS || x > this.box.maxLng + EDGE_EPS) continue;
      if (this.inPlanar(x, p.lat)) return true;
    }
    return false;
  }

  /** Even-odd ray cast towards +x; points on an edge or vertex count as inside so results never flicker on ties. */
  private inPlanar(x: number, y: number): boolean {
    const { xs, ys } = this;
    const n = xs.length;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = xs[i] as number;
      const yi = ys[i] as number;
      const xj = xs[j] as number;
      const yj = ys[j] as number;
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
 * Bucket grid over latitude/longitude. Each zone is filed under every cell its box touches (boxes across the
 * antimeridian wrap round); a query reads one cell and tests only the zones filed there. Zones too large for the
 * grid go to a short list every query checks by box first.
 */
export class ZoneIndex {
  private readonly prepared = new Map<number, Prepared>();
  private readonly cells = new Map<number, number[]>();
  private readonly big: number[] = [];
  private readonly cellDeg: number;
  private readonly nx: number;

  constructor(zones: Zone[], opts: { cellDeg?: number } = {}) {
    for (const z of zones) this.prepared.set(z.id, new Prepared(z));
    this.cellDeg = opts.cellDeg ?? pickCellSize([...this.prepared.values()].map((p) => p.box));
    this.nx = Math.round(360 / this.cellDeg);
    for (const [id, p] of this.prepared) this.file(id, p.box);
  }

  get size(): number {
    return this.prepared.size;
  }

  zone(id: number): Zone | undefined {
    return this.prepared.get(id)?.zone;
  }

  /** Ids of the zones containing p, in ascending order. */
  containing(p: LatLng): number[] {
    return this.query(p, 0);
  }

  /** Ids of the zones containing p once their boundary moves out by marginM (in by -marginM when negative). */
  containingWithMargin(p: LatLng, marginM: number): number[] {
    return this.query(p, marginM);
  }

  /** Ids whose box, grown by marginM, holds p: the candidates a caller may then test itself. */
  near(p: LatLng, marginM: number): number[] {
    const out: number[] = [];
    for (const id of this.candidates(p, marginM)) {
      if (boxHas((this.prepared.get(id) as Prepared).box, p, Math.max(0, marginM))) out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  private query(p: LatLng, marginM: number): number[] {
    const out: number[] = [];
    for (const id of this.candidates(p, marginM)) {
      const z = this.prepared.get(id) as Prepared;
      if (boxHas(z.box, p, Math.max(0, marginM)) && z.contains(p, marginM)) out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  private candidates(p: LatLng, marginM: number): Iterable<number> {
    const padDeg = Math.max(0, marginM) / M_PER_DEG;
    const padLng = padDeg / Math.max(Math.cos(Math.min(89.9, Math.abs(p.lat) + padDeg) * DEG), 1e-6);
    const x0 = Math.floor((p.lng - padLng + 180) / this.cellDeg);
    const x1 = Math.floor((p.lng + padLng + 180) / this.cellDeg);
    const y0 = this.row(p.lat - padDeg);
    const y1 = this.row(p.lat + padDeg);
    if (x0 === x1 && y0 === y1) {
      const cell = this.cells.get(y0 * this.nx + this.col(x0)) ?? [];
      return this.big.length === 0 ? cell : [...cell, ...this.big];
    }
    const ids = new Set<number>(this.big);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= Math.min(x1, x0 + this.nx - 1); x++) {
        for (const id of this.cells.get(y * this.nx + this.col(x)) ?? []) ids.add(id);
      }
    }
    return ids;
  }

  private row(lat: number): number {
    return Math.min(
      Math.floor((Math.max(-90, Math.min(90, lat)) + 90) / this.cellDeg),
      Math.ceil(180 / this.cellDeg) - 1,
    );
  }

  private col(x: number): number {
    return ((x % this.nx) + this.nx) % this.nx;
  }

  private file(id: number, box: Box): void {
    const x0 = Math.floor((box.minLng + 180) / this.cellDeg);
    const x1 = Math.floor((box.maxLng + 180) / this.cellDeg);
    const y0 = this.row(box.minLat);
    const y1 = this.row(box.maxLat);
    const width = Math.min(x1 - x0 + 1, this.nx);
    if (width * (y1 - y0 + 1) > 4096) {
      this.big.push(id);
      return;
    }
    const seen = new Set<number>();
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x < x0 + width; x++) {
        const key = y * this.nx + this.col(x);
        if (seen.has(key)) continue;
        seen.add(key);
        const list = this.cells.get(key);
        if (list) list.push(id);
        else this.cells.set(key, [id]);
      }
    }
  }
}

/** Cells about twice the typical zone size keep each zone in a handful of cells and each cell short. */
function pickCellSize(boxes: Box[]): number {
  if (boxes.length === 0) return 1;
  const spans = boxes.map((b) => Math.max(b.maxLat - b.minLat, b.maxLng - b.minLng)).sort((a, b) => a - b);
  const median = spans[Math.floor(spans.length / 2)] as number;
  const size = Math.min(10, Math.max(0.01, median * 2));
  // A divisor of 360 keeps the wrap-round exact.
  return 360 / Math.ceil(360 / size);
}

function boxHas(b: Box, p: LatLng, marginM: number): boolean {
  const padLat = marginM / M_PER_DEG + EDGE_EPS;
  if (p.lat < b.minLat - padLat || p.lat > b.maxLat + padLat) return false;
  if (b.maxLng - b.minLng >= 360) return true;
  const padLng = padLat / Math.max(Math.cos(Math.min(89.9, Math.abs(p.lat)) * DEG), 1e-6);
  // Compare against the box's centre the short way round so boxes beyond ±180 still match.
  const mid = (b.minLng + b.maxLng) / 2;
  const half = (b.maxLng - b.minLng) / 2 + padLng;
  return Math.abs(lngDelta(mid, p.lng)) <= half;
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
    const inside = this.inside.get(itemKey) ?? new Set<number>();
    const pending = this.pending.get(itemKey) ?? new Map<number, number>();
    const entered: number[] = [];
    const exited: number[] = [];
    const toCheck = new Set<number>([...index.near(p, this.marginM), ...inside, ...pending.keys()]);
    for (const id of [...toCheck].sort((a, b) => a - b)) {
      const zone = zones.get(id);
      if (!zone) {
        inside.delete(id);
        pending.delete(id);
        continue;
      }
      const wasIn = inside.has(id);
      const margin = wasIn ? this.marginM : -this.inwardMargin(zone);
      const nowIn = pointInZoneWithMargin(p, zone, margin);
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
