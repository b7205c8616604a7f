/**
 * The persisted episode markers: for a rule and an item (`${ruleId}:${itemType}:${itemId}`), the identity of the
 * episode it last fired, so the same episode never fires twice. Read like a map of numbers by the service and the
 * tests; the engine instead keeps each key's marker as one cell held by the item's rule slot, so an evaluation reads
 * and writes it without searching this large map (with a fleet's rules it holds hundreds of thousands of keys, and
 * every search missed the processor cache). Pure.
 */

/** One key's marker; `value` undefined: no episode is marked. */
export interface MarkerCell {
  value: number | undefined;
}

export class EpisodeMarkers {
  /** A cell, once made, stays for its key (a deleted marker only empties it): slots may hold it for good. */
  private readonly cells = new Map<string, MarkerCell>();

  /** The key's cell, made empty when the key has none yet. */
  cell(key: string): MarkerCell {
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { value: undefined };
      this.cells.set(key, cell);
    }
    return cell;
  }

  get(key: string): number | undefined {
    return this.cells.get(key)?.value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: number): this {
    this.cell(key).value = value;
    return this;
  }

  delete(key: string): boolean {
    const cell = this.cells.get(key);
    if (cell?.value === undefined) return false;
    cell.value = undefined;
    return true;
  }

  /** The markers set, key and episode. */
  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (const [key, cell] of this.cells) if (cell.value !== undefined) yield [key, cell.value];
  }
}
