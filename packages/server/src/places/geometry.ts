/**
 * The one server-side geometry module: alarms, reports and the places API all ask it whether a point is in a
 * geozone or near a POI. Pure, no I/O. The ring helpers shared with the web editor live in the domain package and
 * are re-exported here so callers need a single import.
 */

import {
  distanceM,
  type LatLng,
  M_PER_DEG,
  normalizeRing,
  simplifyRing,
  validatePolygon,
} from "@vigia/domain";
import { BoxGrid } from "./box-grid.ts";
import { DEG, EDGE_EPS, PreparedZone, type Zone } from "./prepared-zone.ts";

export type { Zone };
export { distanceM, type LatLng, normalizeRing, simplifyRing, validatePolygon };

/** Whether p is inside the zone (boundary included). Safe across the antimeridian and around the poles. */
export function pointInZone(p: LatLng, zone: Zone): boolean {
  return new PreparedZone(zone).contains(p);
}

/** Whether p is inside the zone grown by marginM metres (negative shrinks it). */
export function pointInZoneWithMargin(p: LatLng, zone: Zone, marginM: number): boolean {
  return new PreparedZone(zone).contains(p, marginM);
}

/** The answer of every query that finds nothing (most of them): shared, so it is read-only. */
const NONE: readonly number[] = Object.freeze([]);

/** A query of a zero margin pads its box by this much longitude: EDGE_EPS at the highest latitude queries reach. */
const EDGE_PAD_LNG = EDGE_EPS / Math.cos(89.9 * DEG);

/**
 * A grid over the zones' boxes (`BoxGrid`): a query reads the cells around the point and tests exactly only the zones
 * whose box holds it. Boxes that run past ±180 (shapes across the antimeridian) stay unwrapped in the grid; a query
 * then also looks at the point's copies 360° east and west. The grid hands each candidate to one visitor made with
 * the index, which runs the exact test and keeps the hits in a buffer the index reuses: a query allocates only the
 * list it returns (none when nothing holds the point).
 */
export class ZoneIndex {
  private readonly zones: PreparedZone[] = [];
  private readonly ids: Int32Array;
  private readonly byId = new Map<number, PreparedZone>();
  private readonly grid: BoxGrid;
  private readonly wraps: boolean;
  /** The query under way, for the visitor: its point, margin, whether to test exactly, and the hits so far. */
  private point: LatLng = { lat: 0, lng: 0 };
  private marginM = 0;
  private exact = true;
  private hits = new Int32Array(16);
  private found = 0;
  private readonly visit = (i: number): void => {
    if (this.exact && !(this.zones[i] as PreparedZone).contains(this.point, this.marginM)) return;
    // A zone across the antimeridian may hold the point and one of its copies: it counts once.
    if (this.wraps) for (let k = 0; k < this.found; k++) if (this.hits[k] === i) return;
    if (this.found === this.hits.length) {
      const grown = new Int32Array(this.hits.length * 2);
      grown.set(this.hits);
      this.hits = grown;
    }
    this.hits[this.found++] = i;
  };

  constructor(zones: Zone[]) {
    for (const z of zones) {
      const prepared = new PreparedZone(z);
      this.byId.set(z.id, prepared);
    }
    this.zones = [...this.byId.values()];
    this.ids = Int32Array.from(this.zones, (z) => z.zone.id);
    this.wraps = this.zones.some((z) => z.box.minLng < -180 || z.box.maxLng > 180);
    this.grid = new BoxGrid(this.zones.map((z) => z.box));
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
  containing(p: LatLng): readonly number[] {
    return this.query(p, 0, true);
  }

  /** Ids of the zones containing p once their boundary moves out by marginM (in by -marginM when negative). */
  containingWithMargin(p: LatLng, marginM: number): readonly number[] {
    return this.query(p, marginM, true);
  }

  /** Ids whose box, grown by marginM, holds p: the candidates a caller may then test itself. */
  near(p: LatLng, marginM: number): readonly number[] {
    return this.query(p, marginM, false);
  }

  private query(p: LatLng, marginM: number, exact: boolean): readonly number[] {
    const grid = this.grid;
    const padLat = Math.max(0, marginM) / M_PER_DEG + EDGE_EPS;
    // An exact query's box only has to reach every zone that can hold p: with no margin a constant pad does.
    const padLng =
      exact && marginM <= 0
        ? EDGE_PAD_LNG
        : padLat / Math.max(Math.cos(Math.min(89.9, Math.abs(p.lat) + padLat) * DEG), 1e-6);
    this.point = p;
    this.marginM = marginM;
    this.exact = exact;
    this.found = 0;
    const minLat = p.lat - padLat;
    const maxLat = p.lat + padLat;
    grid.search(p.lng - padLng, minLat, p.lng + padLng, maxLat, this.visit);
    if (this.wraps) {
      grid.search(p.lng - 360 - padLng, minLat, p.lng - 360 + padLng, maxLat, this.visit);
      grid.search(p.lng + 360 - padLng, minLat, p.lng + 360 + padLng, maxLat, this.visit);
    }
    if (this.found === 0) return NONE;
    const out = new Array<number>(this.found);
    // Insertion sort by id: a point is in a handful of zones at most.
    for (let k = 0; k < this.found; k++) {
      const id = this.ids[this.hits[k] as number] as number;
      let j = k;
      while (j > 0 && (out[j - 1] as number) > id) {
        out[j] = out[j - 1] as number;
        j--;
      }
      out[j] = id;
    }
    return out;
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
  /**
   * Per item: the zones it is confirmed inside, and per zone how many consecutive fixes disagreed with that. One
   * record per item (only while either holds something), so a fix costs one lookup.
   */
  private readonly items = new Map<string, { inside: Set<number>; pending: Map<number, number> }>();

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
    const known = this.items.get(itemKey);
    // The common case on the hot path: near nothing and inside nothing.
    if (near.length === 0 && known === undefined) return NOTHING;
    const inside = known?.inside ?? new Set<number>();
    const pending = known?.pending ?? new Map<number, number>();
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
    this.store(itemKey, known, inside, pending);
    return { entered, exited };
  }

  /** Zones each item is confirmed inside (items inside nothing are left out). */
  snapshot(): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (const [key, { inside }] of this.items)
      if (inside.size > 0) out[key] = [...inside].sort((a, b) => a - b);
    return out;
  }

  restore(s: Record<string, number[]>): void {
    this.items.clear();
    for (const [key, ids] of Object.entries(s))
      this.items.set(key, { inside: new Set(ids), pending: new Map() });
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
    this.store(itemKey, undefined, new Set(inside), new Map());
    return inside;
  }

  /** Forget an item (deleted, or moved to another company). */
  forget(itemKey: string): void {
    this.items.delete(itemKey);
  }

  private inwardMargin(zone: Zone): number {
    return zone.kind === "circle" ? Math.min(this.marginM, zone.radiusM / 2) : this.marginM;
  }

  /** Keeps the item's record while it holds something; `known` is the record it had (updated in place). */
  private store(
    itemKey: string,
    known: { inside: Set<number>; pending: Map<number, number> } | undefined,
    inside: Set<number>,
    pending: Map<number, number>,
  ): void {
    if (inside.size === 0 && pending.size === 0) this.items.delete(itemKey);
    else if (known === undefined) this.items.set(itemKey, { inside, pending });
  }
}
