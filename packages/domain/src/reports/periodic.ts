import { z } from "zod";
import { emailSchema, isValidUrl } from "../model/fields.ts";
import { REPORT_TYPE_IDS, type ReportTypeId } from "./catalogue.ts";

/**
 * Periodic reports (/periodic): a report definition run on a schedule in the company's
 * time zone and mailed to its recipients. Days of month 1 to 28 (every month has them); week starts Monday and
 * Sunday has id 0.
 */
export const PERIODIC_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export const PERIODIC_FORMATS = ["pdf", "xlsx", "csv"] as const;
export const MONTH_DAY_MAX = 28;
/** Week days in display order (Monday first), by id (Sunday 0). */
export const WEEK_DAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
/** A failed run is tried again after these waits; after the last one it stays failed. */
export const PERIODIC_RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
export const PERIODIC_RECIPIENTS_MAX = 20;
/** The report a new schedule starts with: distance, driving time and fuel per item and day. */
export const DEFAULT_PERIODIC_REPORT: ReportTypeId = "summaryDaily";

const timezoneSchema = z
  .string()
  .min(1, "required")
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "invalidTimezone");

/** What a report run selects: the report type of the catalogue and the items it covers. */
export const periodicSelectionSchema = z.object({
  groupIds: z.array(z.number().int().positive()).default([]),
  vehicleIds: z.array(z.number().int().positive()).default([]),
  assetIds: z.array(z.number().int().positive()).default([]),
  personIds: z.array(z.number().int().positive()).default([]),
  driverIds: z.array(z.number().int().positive()).default([]),
});
export type PeriodicSelection = z.infer<typeof periodicSelectionSchema>;

export const periodicWriteSchema = z
  .object({
    name: z.string().trim().min(1, "required").max(100),
    active: z.boolean().default(true),
    reportType: z.enum(REPORT_TYPE_IDS, { message: "required" }),
    selection: periodicSelectionSchema,
    frequency: z.enum(PERIODIC_FREQUENCIES, { message: "required" }),
    weekDay: z.number().int().min(0).max(6),
    monthDay: z.number().int().min(1).max(MONTH_DAY_MAX, "monthDay.range"),
    hour: z.number().int().min(0).max(23),
    timezone: timezoneSchema,
    recipients: z.array(emailSchema).min(1, "required").max(PERIODIC_RECIPIENTS_MAX),
    format: z.enum(PERIODIC_FORMATS, { message: "required" }),
    deliveryUrl: z
      .string()
      .trim()
      .max(500)
      .refine((url) => url === "" || isValidUrl(url), "invalidUrl")
      .default(""),
  })
  .refine((s) => Object.values(s.selection).some((ids) => ids.length > 0), {
    message: "periodic.noItems",
    path: ["selection"],
  });
export type PeriodicWrite = z.output<typeof periodicWriteSchema>;

export const PERIODIC_RUN_STATUSES = ["running", "sent", "outbox", "failed"] as const;
export type PeriodicRunStatus = (typeof PERIODIC_RUN_STATUSES)[number];

export const periodicRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  reportType: z.enum(REPORT_TYPE_IDS),
  selection: periodicSelectionSchema,
  frequency: z.enum(PERIODIC_FREQUENCIES),
  weekDay: z.number(),
  monthDay: z.number(),
  hour: z.number(),
  timezone: z.string(),
  recipients: z.array(z.string()),
  format: z.enum(PERIODIC_FORMATS),
  deliveryUrl: z.string(),
  nextRunTs: z.number().nullable(),
  lastRunTs: z.number().nullable(),
  lastStatus: z.enum(PERIODIC_RUN_STATUSES).nullable(),
  lastError: z.string().nullable(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type PeriodicRow = z.infer<typeof periodicRowSchema>;

export const periodicRunSchema = z.object({
  id: z.number(),
  scheduleId: z.number(),
  dueTs: z.number(),
  fromTs: z.number(),
  toTs: z.number(),
  status: z.enum(PERIODIC_RUN_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  startedTs: z.number(),
  finishedTs: z.number().nullable(),
  nextAttemptTs: z.number().nullable(),
});
export type PeriodicRun = z.infer<typeof periodicRunSchema>;

/** The fields of a schedule that decide when it runs. */
export interface PeriodicTiming {
  frequency: (typeof PERIODIC_FREQUENCIES)[number];
  weekDay: number;
  monthDay: number;
  hour: number;
  timezone: string;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekDay: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function localParts(ts: number, timezone: string): LocalParts {
  let format = partsFormatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormatters.set(timezone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(ts))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekDay: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/** The instant a wall-clock time of a zone names (the later one in a DST gap, the first in an overlap). */
export function zonedTimeToUtc(timezone: string, year: number, month: number, day: number, hour = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  let ts = wall;
  for (let i = 0; i < 3; i++) {
    const p = localParts(ts, timezone);
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ts;
    const next = wall - offset;
    if (next === ts) break;
    ts = next;
  }
  return ts;
}

/** The first time strictly after `afterTs` the schedule is due (its hour, in its zone, on a matching day). */
export function nextRunAt(timing: PeriodicTiming, afterTs: number): number {
  const start = localParts(afterTs, timing.timezone);
  for (let offset = 0; offset < 64; offset++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const day = date.getUTCDate();
    const matches =
      timing.frequency === "daily" ||
      (timing.frequency === "weekly" && date.getUTCDay() === timing.weekDay) ||
      (timing.frequency === "monthly" && day === timing.monthDay);
    if (!matches) continue;
    const ts = zonedTimeToUtc(
      timing.timezone,
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      day,
      timing.hour,
    );
    if (ts > afterTs) return ts;
  }
  throw new Error("no run time found within 64 days");
}

/**
 * The period a run due at `dueTs` reports on: the last full day, the last full week (Monday to Monday) or the
 * last full month before the due day, in the schedule's zone.
 */
export function reportPeriod(timing: PeriodicTiming, dueTs: number): { fromTs: number; toTs: number } {
  const p = localParts(dueTs, timing.timezone);
  const zone = timing.timezone;
  if (timing.frequency === "daily") {
    const to = zonedTimeToUtc(zone, p.year, p.month, p.day);
    const y = new Date(Date.UTC(p.year, p.month - 1, p.day - 1));
    return {
      fromTs: zonedTimeToUtc(zone, y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate()),
      toTs: to,
    };
  }
  if (timing.frequency === "weekly") {
    // Days since this week's Monday (Sunday, id 0, is the week's last day).
    const sinceMonday = (p.weekDay + 6) % 7;
    const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - sinceMonday));
    const previous = new Date(Date.UTC(p.year, p.month - 1, p.day - sinceMonday - 7));
    return {
      fromTs: zonedTimeToUtc(
        zone,
        previous.getUTCFullYear(),
        previous.getUTCMonth() + 1,
        previous.getUTCDate(),
      ),
      toTs: zonedTimeToUtc(zone, monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    };
  }
  const first = new Date(Date.UTC(p.year, p.month - 2, 1));
  return {
    fromTs: zonedTimeToUtc(zone, first.getUTCFullYear(), first.getUTCMonth() + 1, 1),
    toTs: zonedTimeToUtc(zone, p.year, p.month, 1),
  };
}

/** When a run that failed `attempts` times is tried again; null once the back-off is used up. */
export function retryAt(attempts: number, failedTs: number): number | null {
  const wait = PERIODIC_RETRY_BACKOFF_MS[attempts - 1];
  return wait === undefined ? null : failedTs + wait;
}
