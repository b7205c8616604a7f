import type { Queryable } from "../kernel/db/database.ts";
import type { AppliedPosition, EngineItem } from "../live/index.ts";
import type { Checkpoint, DeriveItem, FrameContext } from "./frames.ts";
import { itemKey } from "./item-runs.ts";
import { DEFAULT_IDLE_MIN_MS, type DeriveConfig, type DeriveState, emptyDeriveState } from "./segments.ts";

/** One item as the derivation keeps it in memory between batches. */
export interface ItemEntry {
  companyId: number;
  cfg: DeriveConfig;
  engineCfg: FrameContext["engineCfg"];
  item: DeriveItem;
  /** Checkpoints taken since the last flush. */
  checkpoints: Checkpoint[];
  /** Times the last re-derivation read: those positions reaching the queue afterwards are already derived. */
  replayed: Set<number> | null;
  /** The end of the last local day whose final parking was written (once per day). */
  parkedDayEnd: number | null;
}

/**
 * The derivation's entries of items not in memory (keyed by `itemKey`), from their persisted state or fresh, each
 * from its first position in the batch (`missing`): its engine is live state's before the batch, so none of the
 * batch's positions looks derived already.
 */
export async function readItemEntries(
  db: Queryable,
  timeZoneOf: (companyId: number) => Promise<string>,
  missing: ReadonlyMap<number, AppliedPosition>,
): Promise<Map<number, ItemEntry>> {
  const list = [...missing.values()];
  const stored = await db.query<{
    item_type: number;
    item_id: number;
    company_id: number;
    state: DeriveState;
    engine: EngineItem | null;
  }>(
    `select item_type, item_id, company_id, state, engine from derived_state
     where (item_type, item_id) in (select t::smallint, i from unnest($1::int[], $2::int[]) as u(t, i))`,
    [list.map((a) => a.itemType), list.map((a) => a.itemId)],
  );
  const entries = new Map<number, ItemEntry>();
  const byKey = new Map(stored.map((r) => [itemKey(Number(r.item_type), Number(r.item_id)), r]));
  for (const [key, a] of missing) {
    const timeZone = await timeZoneOf(a.companyId);
    const row = byKey.get(key);
    // An item moved to another company starts afresh there.
    const kept = row && Number(row.company_id) === a.companyId ? row : null;
    entries.set(key, {
      companyId: a.companyId,
      cfg: { itemType: a.itemType, itemId: a.itemId, timeZone, idleMinMs: DEFAULT_IDLE_MIN_MS },
      engineCfg: {
        odometerSource: a.binding.odometerSource,
        initialMileageKm: a.binding.initialMileageKm,
      },
      item: {
        state: kept?.state ?? emptyDeriveState(),
        // A state stored before the derivation kept its own engine continues from live state's.
        engine: kept?.engine ?? structuredClone(a.engine),
      },
      checkpoints: [],
      replayed: null,
      parkedDayEnd: null,
    });
  }
  return entries;
}
