import type { LatLng } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { type Zone, ZoneIndex } from "./geometry.ts";

/**
 * Per-company zones in memory for the alarm engine and "which places is this point in": geozones and POIs (POIs as
 * circles of their radius), each in its own ZoneIndex, plus one id → zone map (the two tables share one id
 * sequence, so ids never collide). Built on first use and dropped by `invalidate` after every places write.
 *
 * One process: writes and readers share this module. With several nodes (a cluster) each keeps its own copy; the
 * node that writes drops its own and announces the change, and the others drop theirs when they hear it.
 */
export interface CompanyZones {
  geozones: ZoneIndex;
  pois: ZoneIndex;
  byId: Map<number, Zone>;
  /** Name, group and kind of every place, for answers that show places to people and for scope filtering. */
  meta: Map<number, { name: string; group: number | null; kind: "geozone" | "poi" }>;
  /** Speed limit (km/h) of the geozones that have one, for the speeding alarm family. */
  speedLimits: Map<number, number>;
}

type Cache = Map<number, Promise<CompanyZones>>;
const caches = new WeakMap<Queryable, Cache>();
/** Every live cache, so `invalidate(companyId)` needs no context. */
const allCaches = new Set<Cache>();

function cacheFor(db: Queryable): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
    allCaches.add(cache);
  }
  return cache;
}

export function getCompanyZones(ctx: { db: Queryable }, companyId: number): Promise<CompanyZones> {
  const cache = cacheFor(ctx.db);
  let entry = cache.get(companyId);
  if (!entry) {
    entry = loadCompanyZones(ctx.db, companyId);
    cache.set(companyId, entry);
    // A failed load must not stick: the next caller tries again.
    entry.catch(() => {
      if (cache.get(companyId) === entry) cache.delete(companyId);
    });
  }
  return entry;
}

/** Set on a cluster node: tells the other nodes that a company's places changed (they `forgetZones`). */
let announce: ((companyId: number) => void) | null = null;

export function announceZoneChanges(to: (companyId: number) => void): void {
  announce = to;
}

/** A company's places changed here: drop this node's copy and tell the other nodes of a cluster. */
export function invalidate(companyId: number): void {
  forgetZones(companyId);
  announce?.(companyId);
}

/** Drops this node's copy of a company's places; the next reader loads them again. */
export function forgetZones(companyId: number): void {
  for (const cache of allCaches) cache.delete(companyId);
}

async function loadCompanyZones(db: Queryable, companyId: number): Promise<CompanyZones> {
  const [zoneRows, poiRows] = await Promise.all([
    db.query<{
      id: number;
      name: string;
      group: number | null;
      type: "circle" | "polygon";
      lat: number;
      lng: number;
      radius: number | null;
      points: LatLng[];
      speed_limit: number | null;
    }>(
      `select id, name, group_id as "group", type, lat, lng, radius, points, speed_limit from geozones
       where company_id = $1`,
      [companyId],
    ),
    db.query<{ id: number; name: string; group: number | null; lat: number; lng: number; radius: number }>(
      `select id, name, group_id as "group", lat, lng, radius from pois where company_id = $1`,
      [companyId],
    ),
  ]);
  const byId = new Map<number, Zone>();
  const meta: CompanyZones["meta"] = new Map();
  const speedLimits = new Map<number, number>();
  const geozones: Zone[] = zoneRows.map((r) => {
    meta.set(r.id, { name: r.name, group: r.group, kind: "geozone" });
    if (r.speed_limit !== null) speedLimits.set(r.id, Number(r.speed_limit));
    return r.type === "circle"
      ? { id: r.id, kind: "circle", center: { lat: r.lat, lng: r.lng }, radiusM: r.radius ?? 1 }
      : { id: r.id, kind: "polygon", ring: r.points };
  });
  const pois: Zone[] = poiRows.map((r) => {
    meta.set(r.id, { name: r.name, group: r.group, kind: "poi" });
    return { id: r.id, kind: "circle", center: { lat: r.lat, lng: r.lng }, radiusM: r.radius };
  });
  for (const z of [...geozones, ...pois]) byId.set(z.id, z);
  return { geozones: new ZoneIndex(geozones), pois: new ZoneIndex(pois), byId, meta, speedLimits };
}
