import type { WeekDay } from "@vigia/domain";

/**
 * Local weekday and minute of day of an instant in a time zone. Intl does the zone arithmetic, so summer
 * time changes are right by construction; formatters are cached because creating one is slow.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The last answers per zone, by UTC minute: the weekday and minute change only with the minute (zone offsets are
 * whole minutes), and a fleet's positions and a timer tick ask about the same few minutes over and over.
 */
const recent = new Map<string, Map<number, { day: number; minute: number }>>();
const RECENT_MINUTES = 64;

export function localWeekMinute(ts: number, timeZone: string): { day: number; minute: number } {
  const utcMinute = Math.floor(ts / 60_000);
  let byMinute = recent.get(timeZone);
  const hit = byMinute?.get(utcMinute);
  if (hit) return hit;
  const answer = formatWeekMinute(ts, timeZone);
  if (!byMinute) {
    byMinute = new Map();
    recent.set(timeZone, byMinute);
  } else if (byMinute.size >= RECENT_MINUTES) byMinute.clear();
  byMinute.set(utcMinute, answer);
  return answer;
}

function formatWeekMinute(ts: number, timeZone: string): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatter(timeZone).formatToParts(ts)) {
    if (part.type === "weekday") day = WEEKDAY[part.value] ?? 0;
    else if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/**
 * Whether the instant falls inside the enabled window of its local weekday. Both ends are inclusive to the
 * minute (08:00-18:00 includes 18:00:59). A window whose end is before its start runs past midnight: the
 * part after midnight belongs to the day the window started on.
 */
export function inWeekTime(ts: number, timeZone: string, weekTime: Record<string, WeekDay>): boolean {
  const { day, minute } = localWeekMinute(ts, timeZone);
  const today = weekTime[day];
  if (today?.enabled) {
    const from = today.from.hour * 60 + today.from.minute;
    const to = today.to.hour * 60 + today.to.minute;
    if (from <= to ? minute >= from && minute <= to : minute >= from) return true;
  }
  const yesterday = weekTime[(day + 6) % 7];
  if (yesterday?.enabled) {
    const from = yesterday.from.hour * 60 + yesterday.from.minute;
    const to = yesterday.to.hour * 60 + yesterday.to.minute;
    if (to < from && minute <= to) return true;
  }
  return false;
}
