import type { DecodedPosition } from "@vigia/protocols";
import type { AppliedPosition } from "../live/index.ts";

/**
 * An item's key in the derivation's maps: a number (item ids are 32-bit, types below 4), so a batch of thousands
 * of positions builds no string per position to find its item.
 */
export const itemKey = (itemType: number, itemId: number): number => itemType * 2 ** 32 + itemId;

/** The driver cards of a company none of whose positions in a batch names a driver: they would not be looked at. */
export const NO_CARDS: ReadonlyMap<string, number> = new Map();

/** One item's positions of a batch, in batch order. */
export interface ItemRun {
  key: number;
  positions: AppliedPosition[];
}

/**
 * Whether the position names a driver (a card read, or beacons heard): only then does the derivation look the
 * company's driver cards up, exactly where the engine raises a card or beacon effect.
 */
export function namesDriver(position: DecodedPosition): boolean {
  const { driverId, bleSeen } = position.attributes;
  return (typeof driverId === "string" && driverId !== "") || (typeof bleSeen === "string" && bleSeen !== "");
}

/**
 * A batch split per item (items in the order of their first position, each item's positions in batch order, which
 * live state makes oldest first), so the derivation finds each item's state once per batch, and the companies
 * whose positions name a driver, the only ones whose driver cards it needs to read. Pure.
 */
export function itemRuns(batch: readonly AppliedPosition[]): {
  runs: ItemRun[];
  namingDriver: Set<number>;
} {
  const byItem = new Map<number, ItemRun>();
  const runs: ItemRun[] = [];
  const namingDriver = new Set<number>();
  for (const a of batch) {
    const key = itemKey(a.itemType, a.itemId);
    let run = byItem.get(key);
    if (!run) {
      run = { key, positions: [] };
      byItem.set(key, run);
      runs.push(run);
    }
    run.positions.push(a);
    if (namesDriver(a.position)) namingDriver.add(a.companyId);
  }
  return { runs, namingDriver };
}
