/**
 * Local days of a time zone as UTC instants: the daily aggregates are per day of the company's time zone, and the
 * derivation must know where each day starts and ends without a date library on its hot path (it caches the
 * current day's bounds and calls this only when a position leaves them).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(ts: number, timeZone: string): { y: number; m: number; d: number; utcOfWall: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ts))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  const y = parts.year ?? 1970;
  const m = parts.month ?? 1;
  const d = parts.day ?? 1;
  return { y, m, d, utcOfWall: Date.UTC(y, m - 1, d, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0) };
}

/** Epoch ms of local midnight of the calendar date y-m-d in the zone (the first instant of that local day). */
export function localMidnight(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d);
  // The zone's offset at a guess, then again at the corrected instant (a DST change near midnight moves it).
  let ts = wall;
  for (let i = 0; i < 3; i++) {
    const offset = wallClock(ts, timeZone).utcOfWall - Math.floor(ts / 1000) * 1000;
    const next = wall - offset;
    if (next === ts) break;
    ts = next;
  }
  return ts;
}

export interface LocalDay {
  /** YYYY-MM-DD */
  day: string;
  startTs: number;
  endTs: number;
}

/** The local day of the zone that contains the instant. */
export function localDayOf(ts: number, timeZone: string): LocalDay {
  const { y, m, d } = wallClock(ts, timeZone);
  const startTs = localMidnight(y, m, d, timeZone);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const endTs = localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  const day = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return { day, startTs, endTs };
}

/** Longest period a chart lists day by day (a longer one lists the days with rows only). */
const MAX_CHART_DAYS = 400;

/** The local days (YYYY-MM-DD) [from, to) touches, the partial first and last included (at most 400). */
export function periodDays(fromTs: number, toTs: number, timeZone: string): string[] {
  const out: string[] = [];
  for (let ts = fromTs; ts < toTs && out.length < MAX_CHART_DAYS; ) {
    const day = localDayOf(ts, timeZone);
    out.push(day.day);
    ts = day.endTs;
  }
  return out;
}

/**
 * [from, to) widened to the local days it touches. Figures of derived rows read whole local days: a period that
 * starts or ends within a day (a rolling "last 7 days" from now) includes that partial first and last day
 * entirely, so the reports, the dashboard and the charts of one period cover the same days and agree.
 */
export function wholeDays(
  limits: { from: number; to: number },
  timeZone: string,
): { from: number; to: number } {
  if (!(limits.to > limits.from)) return { from: limits.from, to: limits.to };
  return { from: localDayOf(limits.from, timeZone).startTs, to: localDayOf(limits.to - 1, timeZone).endTs };
}
