/**
 * Column widths of a PDF table: shared out by weight, but never narrower than a column's minimum (its header's
 * longest word), so a header wraps between words and never inside one. Columns held at their minimum leave the
 * rest of the page to the others, by weight. When the minimums alone overflow the page they are scaled down. Pure.
 */
export function columnWidths(
  weights: readonly number[],
  minimums: readonly number[],
  pageW: number,
): number[] {
  const n = weights.length;
  const minTotal = minimums.reduce((s, m) => s + m, 0);
  if (minTotal >= pageW) return minimums.map((m) => (m / minTotal) * pageW);
  const fixed = new Array<boolean>(n).fill(false);
  let widths: number[] = [];
  for (let round = 0; round <= n; round++) {
    const freeW = pageW - minimums.reduce((s, m, i) => s + (fixed[i] ? m : 0), 0);
    const freeWeight = weights.reduce((s, w, i) => s + (fixed[i] ? 0 : w), 0);
    widths = weights.map((w, i) => (fixed[i] ? minimums[i]! : (w / freeWeight) * freeW));
    let changed = false;
    for (let i = 0; i < n; i++)
      if (!fixed[i] && widths[i]! < minimums[i]!) {
        fixed[i] = true;
        changed = true;
      }
    if (!changed) break;
  }
  return widths;
}

/**
 * A header label broken into lines at spaces only, each line as many words as fit `width` (a word wider than the
 * column gets a line of its own). pdfkit's own wrapper also breaks after "/" and "-", which split units such as
 * "(km/h)" across lines. Pure: `measure` gives a string's width in the header font.
 */
export function wrapAtSpaces(label: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter((w) => w !== "")) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
