import {
  DAY_MS,
  REPORT_LIMITS,
  type ReportCell,
  type ReportMapData,
  type ReportRequest,
  type ReportResult,
  type ReportTypeId,
  reportTypeDef,
} from "@vigia/domain";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import { coordinatesText } from "../geocoding/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError } from "../kernel/errors.ts";
import { type CompanyScope, sharedGroupFilter } from "../kernel/tenancy/scope.ts";
import { costsReport } from "./builders/costs.ts";
import { driverScoreReport, drivingEventsReport } from "./builders/driving.ts";
import { fuelReport } from "./builders/fuel.ts";
import { idleReport, offlineReport, routeReport, stopsReport, tripsReport } from "./builders/movement.ts";
import { beaconZoneVisitsReport, geozoneVisitsReport, poiVisitsReport } from "./builders/places.ts";
import { alarmNoticesReport, sensorsReport, worktimeComplianceReport } from "./builders/records.ts";
import { speedingReport } from "./builders/speeding.ts";
import {
  driverActivityReport,
  odometerDailyReport,
  summaryDailyReport,
  summaryReport,
} from "./builders/summaries.ts";
import { AddressCell, type BodyCell, type Builder, type ReportBody } from "./run.ts";
import { driverNames, resolveSelection, type Selection } from "./selection.ts";

const BUILDERS: Record<ReportTypeId, Builder> = {
  route: routeReport,
  trips: tripsReport,
  stops: stopsReport,
  summary: summaryReport,
  summaryDaily: summaryDailyReport,
  drivingEvents: drivingEventsReport,
  driverScore: driverScoreReport,
  speeding: speedingReport,
  idle: idleReport,
  offline: offlineReport,
  geozoneVisits: geozoneVisitsReport,
  beaconZoneVisits: beaconZoneVisitsReport,
  poiVisits: poiVisitsReport,
  alarmNotices: alarmNoticesReport,
  sensors: sensorsReport,
  fuel: fuelReport,
  odometerDaily: odometerDailyReport,
  worktimeCompliance: worktimeComplianceReport,
  driverActivity: driverActivityReport,
  costs: costsReport,
};

/** The answer to a request too broad to run: "search too extensive; select fewer vehicles or a shorter period". */
export const searchTooBroad = () => new ApiError(406, "search.too.broad");

/**
 * The limits checked before any work: items × days, the longest period, and for the row-per-point
 * reports an estimate of rows against what an export holds. Throws the 406.
 */
export function checkLimits(request: ReportRequest, selection: Selection): void {
  const days = Math.max(1, Math.ceil((request.timeLimits.to - request.timeLimits.from) / DAY_MS));
  if (days > REPORT_LIMITS.days) throw searchTooBroad();
  const subjects = Math.max(selection.items.length, selection.drivers.length);
  if (subjects * days > REPORT_LIMITS.itemDays) throw searchTooBroad();
  // A route report keeps up to 2000 points per item; sensors up to 500 samples per sensor and item.
  const perItem =
    request.type === "route"
      ? 2000
      : request.type === "sensors"
        ? 500 * Math.max(1, request.sensors.length || 3)
        : 0;
  if (perItem * selection.items.length > REPORT_LIMITS.rows) throw searchTooBroad();
}

export interface PreparedReport {
  request: ReportRequest;
  scope: CompanyScope;
  selection: Selection;
}

/** Resolves the selection and checks the limits: what runs before a job is accepted. */
export async function prepareReport(
  db: Queryable,
  scope: CompanyScope,
  request: ReportRequest,
): Promise<PreparedReport> {
  const def = reportTypeDef(request.type);
  const kinds =
    def.subject === "vehicles"
      ? { vehicles: true, assets: false, persons: false }
      : { vehicles: true, assets: true, persons: true };
  const selection = await resolveSelection(db, scope, request, kinds);
  if (def.subject === "drivers" && request.driversId.length === 0 && request.groupsId.length === 0)
    selection.drivers = [];
  checkLimits(request, selection);
  return { request, scope, selection };
}

/**
 * The map preview with its places: those the builder named (visited ones) and, when the definition asks to show
 * geozones or POIs, every one the user sees (company-wide ones and those of the user's groups).
 */
async function previewPlaces(
  db: Queryable,
  scope: CompanyScope,
  request: ReportRequest,
  map: ReportBody["map"],
): Promise<ReportMapData> {
  const shared = sharedGroupFilter(scope);
  const all = async (table: "geozones" | "pois"): Promise<number[]> =>
    (
      await db.query<{ id: number }>(`select id from ${table} where company_id = $1 and ${shared.sql}`, [
        scope.companyId,
        ...shared.params,
      ])
    ).map((r) => r.id);
  return {
    tracks: map?.tracks ?? [],
    markers: map?.markers ?? [],
    geozoneIds: request.showGeozones ? await all("geozones") : (map?.geozoneIds ?? []),
    poiIds: request.showPois ? await all("pois") : (map?.poiIds ?? []),
  };
}

/** The rows with every position still to be named replaced by its address, all named in one batch. */
async function nameAddresses(
  rows: readonly BodyCell[][],
  geocoder: ReverseGeocoder,
  lang: string,
): Promise<ReportCell[][]> {
  const points: AddressCell[] = [];
  for (const row of rows) for (const cell of row) if (cell instanceof AddressCell) points.push(cell);
  const names = points.length > 0 ? await geocoder.addresses(points, lang) : [];
  let next = 0;
  return rows.map((row) => row.map((cell) => (cell instanceof AddressCell ? names[next++]! : cell)));
}

export interface RunOptions {
  db: Queryable;
  geocoder: ReverseGeocoder;
  now: number;
  /** Called with 0..1 between steps; throws to stop (cancellation). */
  step: (fraction: number) => void;
}

/** Runs a prepared report to its result. */
export async function runReport(prepared: PreparedReport, options: RunOptions): Promise<ReportResult> {
  const { request, scope, selection } = prepared;
  const { db, geocoder } = options;
  const conf = await db.query<{ unit: number | null }>(
    "select (conf->'general'->'units'->>'fuelConsumption')::int as unit from companies where id = $1",
    [scope.companyId],
  );
  const fuelUnit = conf[0]?.unit === 1 ? 1 : 0;
  options.step(0.05);
  const body = await BUILDERS[request.type]({
    db,
    scope,
    request,
    selection,
    driverNames: await driverNames(db, scope.companyId),
    fuelUnit,
    address: request.readableAddresses
      ? (lat, lng) => new AddressCell(lat, lng)
      : (lat, lng) => coordinatesText(lat, lng),
    step: (f) => options.step(0.05 + f * 0.9),
  });
  if (body.rows.length > REPORT_LIMITS.rows) throw searchTooBroad();
  const rows = await nameAddresses(body.rows, geocoder, request.lang);
  const map = reportTypeDef(request.type).map ? await previewPlaces(db, scope, request, body.map) : null;
  options.step(1);
  return {
    type: request.type,
    from: request.timeLimits.from,
    to: request.timeLimits.to,
    createdTs: options.now,
    columns: body.columns,
    rows,
    chart: body.chart ?? null,
    map,
    notice: body.notice ?? null,
    fuelUnit,
  };
}
