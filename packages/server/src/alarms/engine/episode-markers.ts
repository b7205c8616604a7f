/**
 * The persisted episode markers: for a rule and an item (`${ruleId}:${itemType}:${itemId}`), the identity of the
 * episode it last fired, so the same episode never fires twice. Read like a map of numbers by the service and the
 * tests. The engine instead keeps each marker as one cell held by the item's rule slot, so an evaluation reads and
 * writes it without a search; the cells are filed by item, then by rule id, so finding a slot's cell the first time
 * is a lookup by the item's key (already hashed: the engine uses it everywhere) and one by number in the item's few
 * rules (the item's markers are looked up once for all its rules), not a search of a map of every rule and item pair
 * by a new string. Pure.
 */

/** One key's marker; `value` undefined: no episode is marked. */
export interface MarkerCell {
  value: number | undefined;
}

/** One item's markers by rule id. */
export class ItemMarkers {
  private readonly cells = new Map<number, MarkerCell>();

  /** The rule's cell, made empty when it has none yet. A cell, once made, stays: slots may hold it for good. */
  cell(ruleId: number): MarkerCell {
    let cell = this.cells.get(ruleId);
    if (!cell) {
      cell = { value: undefined };
      this.cells.set(ruleId, cell);
    }
    return cell;
  }

  find(ruleId: number): MarkerCell | undefined {
    return this.cells.get(ruleId);
  }

  entries(): IterableIterator<[number, MarkerCell]> {
    return this.cells.entries();
  }
}

export class EpisodeMarkers {
  /** Item key (`${itemType}:${itemId}`) → its markers. */
  private readonly byItem = new Map<string, ItemMarkers>();

  /** The item's markers, made empty when it has none yet. */
  ofItem(itemKey: string): ItemMarkers {
    let item = this.byItem.get(itemKey);
    if (!item) {
      item = new ItemMarkers();
      this.byItem.set(itemKey, item);
    }
    return item;
  }

  get(key: string): number | undefined {
    const { ruleId, itemKey } = parseKey(key);
    return this.byItem.get(itemKey)?.find(ruleId)?.value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: number): this {
    const { ruleId, itemKey } = parseKey(key);
    this.ofItem(itemKey).cell(ruleId).value = value;
    return this;
  }

  delete(key: string): boolean {
    const { ruleId, itemKey } = parseKey(key);
    const cell = this.byItem.get(itemKey)?.find(ruleId);
    if (cell?.value === undefined) return false;
    cell.value = undefined;
    return true;
  }

  /** The markers set, key and episode. */
  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (const [itemKey, item] of this.byItem)
      for (const [ruleId, cell] of item.entries())
        if (cell.value !== undefined) yield [`${ruleId}:${itemKey}`, cell.value];
  }
}

/** A marker key's rule id and item key (`${ruleId}:${itemType}:${itemId}`). */
function parseKey(key: string): { ruleId: number; itemKey: string } {
  const colon = key.indexOf(":");
  return { ruleId: Number(key.slice(0, colon)), itemKey: key.slice(colon + 1) };
}
