/** The rows of a long list worth rendering: those in view plus a few either side. */
export interface WindowRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Pixels above the first rendered row. */
  offsetTop: number;
  totalHeight: number;
}

export function windowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 6,
): WindowRange {
  const totalHeight = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}
