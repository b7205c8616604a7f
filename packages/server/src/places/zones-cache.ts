import type { LatLng } from "@vigia/domain";
import { type CompanyChanges, localChanges } from "../kernel/company-changes.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { type Zone, ZoneIndex } from "./geometry.ts";

/**
 * Per-company zones in memory for the alarm engine and "which places is this point in": geozones and POIs (POIs as
 * circles of their radius), each in its own ZoneIndex, plus one id → zone map (the two tables share one id
 * sequence, so ids never collide). Built on first use and dropped by `invalidate` after every places write.
 *
 * With several nodes (a cluster) each keeps its own copy; the node that writes drops its own and announces the
 * change, and the others drop theirs when they hear it.
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

/**
 * Each company's places, loaded on first use and kept until a place of the company changes. `app/services.ts`
 * builds the one instance of a platform and hands it to the routes and services that read or write places.
 */
export class ZoneCache {
  private readonly byCompany = new Map<number, Promise<CompanyZones>>();
  private readonly dependents: ((companyId: number) => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly changes: CompanyChanges = localChanges,
  ) {
    changes.follow((companyId) => this.forget(companyId));
  }

  get(companyId: number): Promise<CompanyZones> {
    let entry = this.byCompany.get(companyId);
    if (!entry) {
      const loading = loadCompanyZones(this.db, companyId);
      entry = loading;
      this.byCompany.set(companyId, loading);
      // A failed load must not stick: the next caller tries again.
      loading.catch(() => {
        if (this.byCompany.get(companyId) === loading) this.byCompany.delete(companyId);
      });
    }
    return entry;
  }

  /** A company's places changed here: drop this node's copy and tell the other nodes of a cluster. */
  invalidate(companyId: number): void {
    this.forget(companyId);
    this.changes.announce(companyId);
  }

  /** Drops this node's copy of a company's places; the next reader loads them again. */
  forget(companyId: number): void {
    this.byCompany.delete(companyId);
    for (const dependent of this.dependents) dependent(companyId);
  }

  /** `forget` also runs with the company whenever its places are dropped (a cache built on top of them). */
  onForget(forget: (companyId: number) => void): void {
    this.dependents.push(forget);
  }
}

/** A company's places read once, uncached (a rebuild or a report run reads them for itself). */
export async function loadCompanyZones(db: Queryable, companyId: number): Promise<CompanyZones> {
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
