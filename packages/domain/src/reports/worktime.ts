import { DAY_MS } from "../model/constants.ts";
/**
 * Work-time compliance: how much of an activity falls outside a timetable (the `/trackRules` worktimes).
 * Times are "local epoch" ms: the wall-clock time of the timetable's zone read as if it were UTC, so a day is
 * always 86,400,000 ms and week days come from getUTCDay (Sunday 0).
 */
export interface TimetableDay {
  id: number;
  enabled: boolean;
  /** HH:mm */
  from: string;
  to: string;
}

const minutes = (hhmm: string): number => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** Milliseconds of [localStart, localEnd) inside the timetable's enabled windows. */
export function timeInside(localStart: number, localEnd: number, days: readonly TimetableDay[]): number {
  if (localEnd <= localStart) return 0;
  let inside = 0;
  for (let dayStart = Math.floor(localStart / DAY_MS) * DAY_MS; dayStart < localEnd; dayStart += DAY_MS) {
    const weekday = new Date(dayStart).getUTCDay();
    const day = days.find((d) => d.id === weekday);
    if (!day?.enabled) continue;
    const open = dayStart + minutes(day.from) * 60_000;
    const close = dayStart + minutes(day.to) * 60_000;
    inside += Math.max(0, Math.min(close, localEnd) - Math.max(open, localStart));
  }
  return inside;
}

export function timeOutside(localStart: number, localEnd: number, days: readonly TimetableDay[]): number {
  return Math.max(0, localEnd - localStart - timeInside(localStart, localEnd, days));
}
