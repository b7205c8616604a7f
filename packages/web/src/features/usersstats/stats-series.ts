import type { UsersStats } from "@vigia/domain";
import { DAY_MS } from "@vigia/domain";

const MAX_SERIES = 6;

export interface DayRow {
  day: number;
  activeUsers: number;
  signIns: number;
}

/** Every UTC day of the period, days without activity as zeros, so the chart's axis has no gaps. */
export function dailyUse(stats: UsersStats): DayRow[] {
  const byDay = new Map(stats.days.map((d) => [d.day, d]));
  const out: DayRow[] = [];
  for (let day = Math.floor(stats.fromTs / DAY_MS) * DAY_MS; day <= stats.toTs; day += DAY_MS) {
    const d = byDay.get(day);
    out.push({ day, activeUsers: d?.activeUsers ?? 0, signIns: d?.signIns ?? 0 });
  }
  return out;
}

export interface ResellerPivot {
  /** Series names: the busiest resellers by positions, then `others` for the rest. */
  series: string[];
  /** One row per day: `day` plus one number per series. */
  rows: Array<Record<string, number>>;
}

/** Per-day values of one measure pivoted by reseller, keeping the charts readable with many resellers. */
export function perReseller(
  stats: UsersStats,
  measure: "items" | "positions",
  others: string,
): ResellerPivot {
  const totals = new Map<string, number>();
  for (const r of stats.resellers)
    totals.set(r.resellerName, (totals.get(r.resellerName) ?? 0) + r.positions);
  const ranked = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map((e) => e[0]);
  const kept = new Set(ranked.slice(0, MAX_SERIES));
  const series = [...kept];
  if (ranked.length > MAX_SERIES) series.push(others);
  const rows = dailyUse(stats).map(({ day }) => {
    const row: Record<string, number> = { day };
    for (const s of series) row[s] = 0;
    return row;
  });
  const index = new Map(rows.map((row, i) => [row.day, i]));
  for (const r of stats.resellers) {
    const row = rows[index.get(Math.floor(r.day / DAY_MS) * DAY_MS) ?? -1];
    if (!row) continue;
    const name = kept.has(r.resellerName) ? r.resellerName : others;
    row[name] = (row[name] ?? 0) + r[measure];
  }
  return { series, rows };
}
