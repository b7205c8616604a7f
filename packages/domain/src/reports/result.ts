import { z } from "zod";
import { REPORT_TYPE_IDS } from "./catalogue.ts";

/**
 * What a report answers, whatever its type: typed columns (so exports write numbers as numbers and dates as
 * dates), rows of raw values (ms, metres, km/h, litres), and optional chart and map preview data.
 */
export const REPORT_COLUMN_KINDS = [
  "text",
  "datetime",
  "date",
  "duration",
  "distance",
  "speed",
  "fuel",
  "consumption",
  "number",
  "score",
  "odometer",
  "hours",
  "coordinates",
] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumnSchema = z.object({ key: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportChartSchema = z.object({
  kind: z.string(),
  /** Category label (day, item, driver, time) → series values. */
  points: z.array(
    z.object({ x: z.union([z.string(), z.number()]), values: z.record(z.string(), z.number()) }),
  ),
  series: z.array(z.string()),
});
export type ReportChartData = z.infer<typeof reportChartSchema>;

export const reportMapSchema = z.object({
  tracks: z.array(z.object({ name: z.string(), points: z.array(z.tuple([z.number(), z.number()])) })),
  markers: z.array(z.object({ lat: z.number(), lng: z.number(), label: z.string(), kind: z.string() })),
  /**
   * The places the report is about (the visited geozones and POIs), plus every one of the company's when the
   * definition asks to show geozones / POIs: ids the screen draws from the company's places, like the live map.
   */
  geozoneIds: z.array(z.number()).default([]),
  poiIds: z.array(z.number()).default([]),
});
export type ReportMapData = z.infer<typeof reportMapSchema>;

export const reportResultSchema = z.object({
  type: z.enum(REPORT_TYPE_IDS),
  from: z.number(),
  to: z.number(),
  createdTs: z.number(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.array(reportCellSchema)),
  chart: reportChartSchema.nullable(),
  map: reportMapSchema.nullable(),
  /** Why a report has no rows, as a notice: noResults, noData, noStops, drivingEventsLimit. */
  notice: z.string().nullable(),
  /** The fuel unit averages are in (0 L/100km, 1 km/L). */
  fuelUnit: z.union([z.literal(0), z.literal(1)]),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const reportJobSchema = z.object({
  id: z.string(),
  state: z.enum(["running", "done", "failed", "cancelled"]),
  /** 0 to 1. */
  progress: z.number(),
  error: z.string().nullable(),
  result: reportResultSchema.nullable(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;
