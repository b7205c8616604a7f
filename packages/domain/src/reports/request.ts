import { z } from "zod";
import { REPORT_FORMATS, REPORT_TYPE_IDS, type ReportTypeId, reportTypeDef } from "./catalogue.ts";

const ids = z.array(z.number().int().positive()).max(5000).default([]);

/**
 * A report definition: the report store (selections, display options, ranges, time limits) plus
 * the type, the week days to include (Sunday 0) and the format.
 */
export const reportRequestSchema = z.object({
  type: z.enum(REPORT_TYPE_IDS),
  groupsId: ids,
  vehiclesId: ids,
  assetsId: ids,
  personsId: ids,
  driversId: ids,
  /** Device event names (device-events.ts) or alarm families for the event-based reports. */
  events: z.array(z.string().max(60)).max(200).default([]),
  /** Sensor keys (sensors catalogue) for the sensors report. */
  sensors: z.array(z.string().max(60)).max(200).default([]),
  readableAddresses: z.boolean().default(true),
  showGeozones: z.boolean().default(false),
  showPois: z.boolean().default(false),
  /** Zone filter: only these geozones / POIs (empty: all). */
  zoneIds: ids,
  ranges: z
    .object({
      maxSpeed: z.number().min(0).max(400).default(0),
      minStopTime: z.number().min(0).default(0),
      offlineTime: z.number().min(0).default(0),
      inactivityTime: z.number().min(0).default(0),
    })
    .default({ maxSpeed: 0, minStopTime: 0, offlineTime: 0, inactivityTime: 0 }),
  timeLimits: z.object({ from: z.number().int(), to: z.number().int() }),
  /** Week days included, Sunday 0 … Saturday 6 (the week is shown from Monday). */
  days: z.array(z.number().int().min(0).max(6)).max(7).default([0, 1, 2, 3, 4, 5, 6]),
  format: z.enum(REPORT_FORMATS),
  /** Name used in the file name report_{name}_{date}; the type's name when empty. */
  name: z.string().max(100).default(""),
  lang: z.string().max(5).default("es"),
  timezone: z.string().max(60).default("Europe/Madrid"),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;
export type ReportRequestInput = z.input<typeof reportRequestSchema>;

export const REPORT_FIELD_ERRORS = {
  required: "required",
  noDays: "reports.noDays",
  noSelection: "reports.noSelection",
  badRange: "reports.badRange",
} as const;

/**
 * The report creation rules, per field: at least one day, a format, and at least one
 * vehicle, asset, person, driver, event or sensor (a group counts: it stands for its items); a period whose
 * end is after its start. Empty object: valid.
 */
export function validateReportRequest(r: {
  type?: ReportTypeId | null;
  format?: string | null;
  days: readonly number[];
  groupsId: readonly number[];
  vehiclesId: readonly number[];
  assetsId: readonly number[];
  personsId: readonly number[];
  driversId: readonly number[];
  events: readonly string[];
  sensors: readonly string[];
  timeLimits: { from: number | null; to: number | null };
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!r.type) errors.type = REPORT_FIELD_ERRORS.required;
  if (!r.format) errors.format = REPORT_FIELD_ERRORS.required;
  if (r.days.length === 0) errors.days = REPORT_FIELD_ERRORS.noDays;
  const { from, to } = r.timeLimits;
  if (from === null || to === null || !(to > from)) errors.timeLimits = REPORT_FIELD_ERRORS.badRange;
  const picked =
    r.groupsId.length +
    r.vehiclesId.length +
    r.assetsId.length +
    r.personsId.length +
    r.driversId.length +
    r.events.length +
    r.sensors.length;
  if (picked === 0) errors.selection = REPORT_FIELD_ERRORS.noSelection;
  if (r.type && reportTypeDef(r.type).subject === "drivers" && picked === 0)
    errors.selection = REPORT_FIELD_ERRORS.noSelection;
  return errors;
}

/** The file name: report_{name}_{date}.{ext}, the name reduced to safe characters. */
export function reportFileName(name: string, isoDate: string, format: "pdf" | "xlsx" | "csv"): string {
  const safe =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "report";
  return `report_${safe}_${isoDate}.${format}`;
}
