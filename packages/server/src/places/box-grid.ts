import type { Box } from "./prepared-zone.ts";

/**
 * A uniform grid over boxes: each cell lists the boxes that overlap it, so a point query reads one cell's short list
 * (a query box the few cells it overlaps) and tests those boxes, instead of walking a tree level by level. Cells are
 * about the size of a typical box, so a typical box sits in a handful of cells; boxes that would cover very many
 * cells (a country, a polar cap) are kept apart in one list tested on every query. Longitudes are used as given:
 * boxes past ±180 stay unwrapped and the caller queries the point's copies. Pure; a query allocates nothing.
 */

/** A box covering more cells than this is tested on every query instead of being filed in each cell. */
const MAX_CELLS_PER_BOX = 256;
/** The grid has at most this many cells per box (it grows its cells until it fits). */
const CELLS_PER_BOX = 4;

export class BoxGrid {
  /** minLng, minLat, maxLng, maxLat of each box in turn. */
  private readonly boxes: Float64Array;
  private readonly minLng: number;
  private readonly minLat: number;
  private readonly cellDeg: number;
  private readonly cols: number;
  private readonly rows: number;
  /** Cell c lists the boxes `entries[starts[c]]` up to `entries[starts[c + 1]]` (exclusive). */
  private readonly starts: Int32Array;
  private readonly entries: Int32Array;
  /** Boxes too large to file per cell. */
  private readonly wide: Int32Array;
  /** A box overlapping several cells of one query is visited once: the query's stamp marks it seen. */
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(boxes: readonly Box[]) {
    const n = boxes.length;
    this.boxes = new Float64Array(n * 4);
    for (let i = 0; i < n; i++) {
      const b = boxes[i] as Box;
      this.boxes[i * 4] = b.minLng;
      this.boxes[i * 4 + 1] = b.minLat;
      this.boxes[i * 4 + 2] = b.maxLng;
      this.boxes[i * 4 + 3] = b.maxLat;
    }
    this.seen = new Int32Array(n);
    // The typical box's larger side sets the cell size; the grid spans every box.
    const sides = boxes.map((b) => Math.max(b.maxLng - b.minLng, b.maxLat - b.minLat)).sort((a, b) => a - b);
    let cellDeg = Math.max(sides[Math.floor(n / 2)] ?? 1, 1e-6);
    let minLng = Number.POSITIVE_INFINITY;
    let minLat = Number.POSITIVE_INFINITY;
    let maxLng = Number.NEGATIVE_INFINITY;
    let maxLat = Number.NEGATIVE_INFINITY;
    for (const b of boxes) {
      minLng = Math.min(minLng, b.minLng);
      minLat = Math.min(minLat, b.minLat);
      maxLng = Math.max(maxLng, b.maxLng);
      maxLat = Math.max(maxLat, b.maxLat);
    }
    if (n === 0) minLng = minLat = maxLng = maxLat = 0;
    const span = (from: number, to: number) => Math.floor((to - from) / cellDeg) + 1;
    while (span(minLng, maxLng) * span(minLat, maxLat) > CELLS_PER_BOX * n + 16) cellDeg *= 2;
    this.minLng = minLng;
    this.minLat = minLat;
    this.cellDeg = cellDeg;
    this.cols = span(minLng, maxLng);
    this.rows = span(minLat, maxLat);

    // Two passes over each box's cells: count each cell's boxes, then file them (one flat array, no list per cell).
    const counts = new Int32Array(this.cols * this.rows + 1);
    const wide: number[] = [];
    for (let i = 0; i < n; i++) {
      const b = boxes[i] as Box;
      const c0 = this.col(b.minLng);
      const c1 = this.col(b.maxLng);
      const r0 = this.row(b.minLat);
      const r1 = this.row(b.maxLat);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_CELLS_PER_BOX) {
        wide.push(i);
        continue;
      }
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++) {
          const cell = r * this.cols + c;
          counts[cell + 1] = (counts[cell + 1] as number) + 1;
        }
    }
    for (let c = 1; c < counts.length; c++) counts[c] = (counts[c] as number) + (counts[c - 1] as number);
    this.starts = counts;
    this.entries = new Int32Array(counts[counts.length - 1] as number);
    this.wide = Int32Array.from(wide);
    const next = counts.slice(0, -1);
    let w = 0;
    for (let i = 0; i < n; i++) {
      if (this.wide[w] === i) {
        w++;
        continue;
      }
      const b = boxes[i] as Box;
      for (let r = this.row(b.minLat); r <= this.row(b.maxLat); r++)
        for (let c = this.col(b.minLng); c <= this.col(b.maxLng); c++) {
          const cell = r * this.cols + c;
          const at = next[cell] as number;
          this.entries[at] = i;
          next[cell] = at + 1;
        }
    }
  }

  /**
   * Calls `visit(i)` once for each box i that overlaps or touches the query box. A query box outside the grid
   * meets only the wide boxes.
   */
  search(minLng: number, minLat: number, maxLng: number, maxLat: number, visit: (i: number) => void): void {
    if (this.stamp === 0x7fffffff) {
      // Stamps are 32-bit: after two billion queries the marks start over.
      this.seen.fill(0);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    for (let k = 0; k < this.wide.length; k++)
      this.test(this.wide[k] as number, stamp, minLng, minLat, maxLng, maxLat, visit);
    const c0 = Math.max(0, this.col(minLng));
    const c1 = Math.min(this.cols - 1, this.col(maxLng));
    const r0 = Math.max(0, this.row(minLat));
    const r1 = Math.min(this.rows - 1, this.row(maxLat));
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        const end = this.starts[cell + 1] as number;
        for (let k = this.starts[cell] as number; k < end; k++)
          this.test(this.entries[k] as number, stamp, minLng, minLat, maxLng, maxLat, visit);
      }
  }

  private test(
    i: number,
    stamp: number,
    minLng: number,
    minLat: number,
    maxLng: number,
    maxLat: number,
    visit: (i: number) => void,
  ): void {
    if (this.seen[i] === stamp) return;
    this.seen[i] = stamp;
    const b = this.boxes;
    const at = i * 4;
    if (
      (b[at] as number) <= maxLng &&
      (b[at + 1] as number) <= maxLat &&
      (b[at + 2] as number) >= minLng &&
      (b[at + 3] as number) >= minLat
    )
      visit(i);
  }

  private col(lng: number): number {
    return Math.floor((lng - this.minLng) / this.cellDeg);
  }

  private row(lat: number): number {
    return Math.floor((lat - this.minLat) / this.cellDeg);
  }
}
