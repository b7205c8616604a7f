import type {
  ReportCell,
  ReportChartData,
  ReportColumn,
  ReportColumnKind,
  ReportMapData,
  ReportRequest,
} from "@vigia/domain";
import { type DerivedRange, type ItemKey, periodDays, wholeDays } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { ReportItem, Selection } from "./selection.ts";

/** Thrown between steps of a report whose job was cancelled. */
export class ReportCancelled extends Error {
  constructor() {
    super("report cancelled");
  }
}

/**
 * A position in a report row whose readable address is filled in after the builder: the engine names all the
 * positions of a report together (a few batched queries for thousands of rows) rather than one at a time.
 */
export class AddressCell {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

/** A cell as a builder writes it: a value, or a position still to be named. */
export type BodyCell = ReportCell | AddressCell;

/** Everything a report builder reads: the definition, the resolved selection, names and addresses. */
export interface ReportRun {
  db: Queryable;
  scope: CompanyScope;
  request: ReportRequest;
  selection: Selection;
  driverNames: Map<number, string>;
  fuelUnit: 0 | 1;
  /** A readable address (filled in by the engine) or, without readable addresses, the coordinates. */
  address(lat: number, lng: number): BodyCell;
  /** Reports how far the work is, 0 to 1, and throws ReportCancelled when the job was cancelled. */
  step(fraction: number): void;
}

/** What a builder answers; the engine adds the type, period and dates. */
export interface ReportBody {
  columns: ReportColumn[];
  rows: BodyCell[][];
  chart?: ReportChartData | null;
  /** Tracks and markers; the places it names are added by the engine (with the "show" display options). */
  map?: (Omit<ReportMapData, "geozoneIds" | "poiIds"> & Partial<ReportMapData>) | null;
  notice?: string | null;
}

export type Builder = (run: ReportRun) => Promise<ReportBody>;

export const cols = (...defs: [string, ReportColumnKind][]): ReportColumn[] =>
  defs.map(([key, kind]) => ({ key, kind }));

/**
 * The period and items to read; null items: every item the user sees (driver reports). Reports of derived rows read
 * whole local days of the report's time zone (`wholeDays`), like the dashboard.
 */
export function range(run: ReportRun, items: readonly ItemKey[] | null = run.selection.items): DerivedRange {
  return { ...wholeDays(run.request.timeLimits, run.request.timezone), items };
}

const itemKey = (k: ItemKey): string => `${k.itemType}:${k.itemId}`;

export function itemIndex(run: ReportRun): Map<string, ReportItem> {
  return new Map(run.selection.items.map((i) => [itemKey(i), i]));
}

export function nameOf(index: Map<string, ReportItem>, k: ItemKey): string {
  return index.get(itemKey(k))?.name ?? `#${k.itemId}`;
}

export function driverOf(run: ReportRun, id: number | null): string {
  return id === null ? "" : (run.driverNames.get(id) ?? `#${id}`);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day (YYYY-MM-DD) and week day (Sunday 0) of an instant in the report's time zone. */
export function localDay(ts: number, timezone: string): { day: string; weekday: number } {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
    });
    dayFormats.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ts).map((p) => [p.type, p.value]));
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "Sun");
  return { day: `${parts.year}-${parts.month}-${parts.day}`, weekday };
}

/** Whether an instant falls on one of the week days the definition includes. */
export function onChosenDay(run: ReportRun, ts: number): boolean {
  if (run.request.days.length === 7) return true;
  return run.request.days.includes(localDay(ts, run.request.timezone).weekday);
}

/** Sums a value per local day for the distance-per-day chart; a chosen day without any is shown as zero. */
export function perDayChart(
  run: Pick<ReportRun, "request">,
  kind: string,
  entries: { ts: number; value: number }[],
  series = "distanceKm",
): ReportChartData {
  const { from, to } = run.request.timeLimits;
  const chosen = periodDays(from, to, run.request.timezone).filter((day) =>
    run.request.days.includes(new Date(`${day}T12:00:00Z`).getUTCDay()),
  );
  const sums = new Map<string, number>(chosen.map((day) => [day, 0]));
  for (const e of entries) {
    const { day } = localDay(e.ts, run.request.timezone);
    sums.set(day, (sums.get(day) ?? 0) + e.value);
  }
  const points = [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([x, v]) => ({ x, values: { [series]: Math.round(v * 10) / 10 } }));
  return { kind, points, series: [series] };
}

export const km = (metres: number): number => Math.round(metres / 100) / 10;
