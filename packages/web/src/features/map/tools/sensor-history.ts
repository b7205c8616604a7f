/** One point of a sensor chart: the time as the axis shows it and the value as the table shows it. */
export interface HistoryRow {
  time: string;
  ts: number;
  value: number;
}

/**
 * The stored points as chart rows: each raw value scaled as the sensor table shows it (the company's multiplier);
 * a value the scale cannot show is left out. Pure.
 */
export function historySeries(
  points: readonly { ts: number; value: number }[],
  scale: (raw: number) => number | null,
  timeLabel: (ts: number) => string,
): HistoryRow[] {
  return points.flatMap((p) => {
    const value = scale(p.value);
    return value === null || !Number.isFinite(value) ? [] : [{ time: timeLabel(p.ts), ts: p.ts, value }];
  });
}
