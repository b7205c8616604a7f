import type { Queryable } from "../kernel/db/database.ts";
import { type Located, resolveLocation, type SeenAp, type SeenCell } from "./resolve.ts";
import { knownPlaces, learnWifi } from "./store.ts";

/** A geolocation service; `locate` never throws and answers within its own time limit (online.ts). */
export interface OnlineGeolocation {
  locate(seen: { cells: readonly SeenCell[]; wifi: readonly SeenAp[] }): Promise<Located | null>;
}

/**
 * Where a frame without a fix was, from its towers and APs: the local tables first (offline, one indexed lookup),
 * the online service only for what they do not know.
 */
export class CellLocator {
  constructor(
    private readonly db: Queryable,
    private readonly online: OnlineGeolocation | null = null,
  ) {}

  async locate(
    companyId: number | null,
    seen: { cells: readonly SeenCell[]; wifi: readonly SeenAp[] },
  ): Promise<Located | null> {
    const local = resolveLocation(seen, await knownPlaces(this.db, companyId, seen));
    if (local !== null || this.online === null) return local;
    return this.online.locate(seen);
  }

  learn(
    companyId: number,
    fix: { lat: number; lng: number },
    aps: readonly SeenAp[],
    now: number,
  ): Promise<void> {
    return learnWifi(this.db, companyId, fix, aps, now);
  }
}
