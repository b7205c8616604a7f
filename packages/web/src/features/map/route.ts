import { type DrivingEvent, liveApi, MAX_DRIVING_EVENTS_PER_ROUTE, type MapConfig } from "@vigia/domain";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Which map config flag shows each driving-event kind; kinds without a flag are always shown. */
const EVENT_FLAG: Partial<Record<string, keyof MapConfig>> = {
  sharpTurn: "fast_sharp_turn",
  harshBraking: "hard_braking",
  harshAcceleration: "fast_acceleration",
};

export interface RouteEvents {
  shown: DrivingEvent[];
  /** More events passed the flags than can be drawn. */
  overLimit: boolean;
}

export function routeEvents(
  events: readonly DrivingEvent[],
  config: MapConfig,
  max: number = MAX_DRIVING_EVENTS_PER_ROUTE,
): RouteEvents {
  const passing = events.filter((event) => {
    const flag = EVENT_FLAG[event.kind];
    return flag === undefined || config[flag];
  });
  return { shown: passing.slice(0, max), overLimit: passing.length > max };
}

/** Chart time axis: hourly ticks up to 48 h, daily beyond. */
export function chartGranularity(fromTs: number, toTs: number): "hour" | "day" {
  return toTs - fromTs > 48 * 3_600_000 ? "day" : "hour";
}

/** From and to (ms) of a calendar day "YYYY-MM-DD" in a time zone; today ends now. */
export function dayRange(day: string, tz: string, now: number): { from: number; to: number } {
  let start: dayjs.Dayjs;
  try {
    start = dayjs.tz(day, tz).startOf("day");
  } catch {
    start = dayjs.utc(day).startOf("day");
  }
  const from = start.valueOf();
  const end = start.add(1, "day").valueOf() - 1;
  return { from, to: Math.min(end, Math.max(from, now)) };
}

/** Today as "YYYY-MM-DD" in a time zone (the date picker's default). */
export function todayIn(tz: string, now: number): string {
  try {
    return dayjs(now).tz(tz).format("YYYY-MM-DD");
  } catch {
    return dayjs(now).utc().format("YYYY-MM-DD");
  }
}

/** The day-track call of each item kind (vehicles, assets, persons). */
export function trackContract(kind: "vehicle" | "asset" | "person") {
  return kind === "vehicle"
    ? liveApi.vehicleTrack
    : kind === "asset"
      ? liveApi.assetTrack
      : liveApi.personTrack;
}

const MINUTE = 60_000;
const TICK_STEPS = [1, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080].map((m) => m * MINUTE);

/**
 * Chart time ticks: the smallest round step giving at most `maxTicks`, aligned to the zone's wall clock
 * (offsetMin: the zone's UTC offset in minutes), so labels read 10:00, 10:15… rather than odd minutes.
 */
export function timeTicks(start: number, end: number, offsetMin: number, maxTicks = 8): number[] {
  if (end <= start) return [];
  const step = TICK_STEPS.find((s) => (end - start) / s <= maxTicks) ?? TICK_STEPS.at(-1)!;
  const offset = offsetMin * MINUTE;
  const ticks: number[] = [];
  for (let ts = Math.ceil((start + offset) / step) * step - offset; ts <= end; ts += step) ticks.push(ts);
  return ticks;
}
