import { type BeaconCache, type BeaconZones, beaconZoneIndex } from "../indoor/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { type CompanyZones, loadCompanyZones, type ZoneCache } from "../places/index.ts";
import type { DeriveZones } from "./points.ts";

/** Where derivation reads a company's places and beacon zones: the platform's caches, or the database itself. */
export interface DeriveZoneSources {
  places(companyId: number): Promise<CompanyZones>;
  beacons(companyId: number): Promise<BeaconZones>;
}

/** The platform's caches (`app/services.ts`), which every places or beacons write drops. */
export function cachedZoneSources(caches: { zones: ZoneCache; beacons: BeaconCache }): DeriveZoneSources {
  return { places: (id) => caches.zones.get(id), beacons: (id) => caches.beacons.zones(id) };
}

/** Read from the database each time: a rebuild reads them once for itself. */
export function storedZoneSources(db: Queryable): DeriveZoneSources {
  return { places: (id) => loadCompanyZones(db, id), beacons: (id) => beaconZoneIndex(db, id) };
}

/**
 * A company's places for one derivation batch or rebuild. A failed read derives no visits of that kind rather
 * than stopping the derivation (trips and stops need no places).
 */
export async function loadDeriveZones(
  ctx: { db: Queryable },
  companyId: number,
  sources: DeriveZoneSources = storedZoneSources(ctx.db),
): Promise<DeriveZones> {
  const [places, beacons] = await Promise.all([
    sources.places(companyId).catch(() => null),
    sources.beacons(companyId).catch(() => null),
  ]);
  return { places, beacons: beacons && beacons.size > 0 ? beacons : null };
}
