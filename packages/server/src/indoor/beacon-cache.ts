import type { KnownBeacon } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { knownBeacons } from "./store.ts";

/**
 * The beacons each company's sightings are matched against, loaded once and kept until a beacon or map of the
 * company changes: the ingest must not query the database per frame.
 */
export class BeaconCache {
  private readonly byCompany = new Map<number, Promise<KnownBeacon[]>>();

  constructor(private readonly db: Queryable) {}

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

  /** Other nodes of a cluster hear of the change through this (services.ts wires it to a cluster signal). */
  onInvalidate: ((companyId: number) => void) | null = null;

  /** A beacon or map of the company changed here. */
  invalidate(companyId: number): void {
    this.forget(companyId);
    this.onInvalidate?.(companyId);
  }

  /** Drops the company's beacons, to be read again on its next sighting. */
  forget(companyId: number): void {
    this.byCompany.delete(companyId);
  }
}
