import type { KnownBeacon } from "@vigia/domain";
import { type CompanyChanges, localChanges } from "../kernel/company-changes.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { knownBeacons } from "./store.ts";
import { beaconZoneIndex } from "./zones-store.ts";

/** Each beacon zone of a company as the identifiers (upper case) of its beacons. */
export type BeaconZones = Map<number, Set<string>>;

/**
 * The beacons each company's sightings are matched against, and its beacon zones (which derived visits and the
 * alarm engine follow), loaded once and kept until a beacon, map or beacon zone of the company changes: neither
 * ingest nor its followers query the database per frame or batch.
 */
export class BeaconCache {
  private readonly byCompany = new Map<number, Promise<KnownBeacon[]>>();
  private readonly zonesByCompany = new Map<number, Promise<BeaconZones>>();

  constructor(
    private readonly db: Queryable,
    private readonly changes: CompanyChanges = localChanges,
  ) {
    changes.follow((companyId) => this.forget(companyId));
  }

  get(companyId: number): Promise<KnownBeacon[]> {
    let entry = this.byCompany.get(companyId);
    if (!entry) {
      entry = knownBeacons(this.db, companyId);
      // A failed load is not kept: the next frame tries again.
      entry.catch(() => this.byCompany.delete(companyId));
      this.byCompany.set(companyId, entry);
    }
    return entry;
  }

  /** The company's beacon zones; an empty map when it has none. */
  zones(companyId: number): Promise<BeaconZones> {
    let entry = this.zonesByCompany.get(companyId);
    if (!entry) {
      entry = beaconZoneIndex(this.db, companyId);
      entry.catch(() => this.zonesByCompany.delete(companyId));
      this.zonesByCompany.set(companyId, entry);
    }
    return entry;
  }

  /** A beacon, map or beacon zone of the company changed here: drop this node's copy and tell the other nodes. */
  invalidate(companyId: number): void {
    this.forget(companyId);
    this.changes.announce(companyId);
  }

  /** Drops the company's beacons and beacon zones, to be read again when next needed. */
  forget(companyId: number): void {
    this.byCompany.delete(companyId);
    this.zonesByCompany.delete(companyId);
  }
}
