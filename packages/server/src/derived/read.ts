import {
  type DerivedDay,
  type DerivedDrivingEvent,
  type DerivedIdle,
  type DerivedStop,
  type DerivedTrip,
  type DerivedVisit,
  type DrivingEventKind,
  placeKindOf,
} from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { ITEM_TABLE } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { dayFigures, dayInPeriod, LONGEST_DAY_MS, tripFigures } from "./figures.ts";
import { MAX_STEP_MS } from "./segments.ts";

/**
 * The read API of derived history, for reports, dashboards and insights. Every function is tenant-scoped (the
 * company of the scope, and only the items of its visible groups for a group-scoped user) and returns the rows
 * that START in [from, to) (days: whose local day starts in it, or overlaps its start: the partial first day of a
 * rolling period), ordered by item then time. Rows are closed segments: a trip still running is not in item_trips
 * until it ends. Trips and days come with their figures (distance, average speed, durations) by the single
 * definitions of figures.ts.
 *
 * `items`: the items to read (null or omitted: every visible item of the company). Items outside the scope are
 * left out silently, like a foreign id anywhere else.
 */
export interface ItemKey {
  itemType: 1 | 2 | 3;
  itemId: number;
}

export interface DerivedRange {
  from: number;
  to: number;
  items?: readonly ItemKey[] | null;
}

/** Items of the company a group-scoped user may see; null when the scope sees every item. */
async function visibleItems(db: Queryable, scope: CompanyScope): Promise<ItemKey[] | null> {
  if (scope.groupIds === null) return null;
  const out: ItemKey[] = [];
  for (const itemType of [1, 2, 3] as const) {
    const table = ITEM_TABLE[itemType];
    const rows = await db.query<{ id: number }>(
      `select id from ${table} where company_id = $1 and group_id = any($2::int[])`,
      [scope.companyId, scope.groupIds],
    );
    for (const r of rows) out.push({ itemType, itemId: r.id });
  }
  return out;
}

/** The item filter of a query: null (no filter) or the list as two parallel arrays. */
async function itemFilter(
  db: Queryable,
  scope: CompanyScope,
  items: readonly ItemKey[] | null | undefined,
): Promise<ItemKey[] | null> {
  const visible = await visibleItems(db, scope);
  if (!items) return visible;
  if (visible === null) return [...items];
  const keys = new Set(visible.map((k) => `${k.itemType}:${k.itemId}`));
  return items.filter((k) => keys.has(`${k.itemType}:${k.itemId}`));
}

type Row = Record<string, unknown>;

async function select<R>(
  db: Queryable,
  scope: CompanyScope,
  range: DerivedRange,
  table: string,
  columns: string,
  tsColumn: string,
): Promise<R[]> {
  const filter = await itemFilter(db, scope, range.items);
  if (filter !== null && filter.length === 0) return [];
  const params: SqlParam[] = [scope.companyId, range.from, range.to];
  let where = `company_id = $1 and ${tsColumn} >= $2 and ${tsColumn} < $3`;
  if (filter !== null) {
    params.push(
      filter.map((k) => k.itemType),
      filter.map((k) => k.itemId),
    );
    where += ` and (item_type, item_id) in (select t::smallint, i from unnest($4::int[], $5::int[]) as u(t, i))`;
  }
  // Sorted here rather than by the database: a plain scan of the day partitions, then a sort of a few hundred
  // rows, is cheaper than merging ordered index scans of every partition (bench/reports.ts).
  const rows = await db.query<R & Row>(`select ${columns} from ${table} where ${where}`, params);
  return rows.sort(
    (a, b) =>
      Number(a.item_type) - Number(b.item_type) ||
      Number(a.item_id) - Number(b.item_id) ||
      Number(a[tsColumn]) - Number(b[tsColumn]),
  );
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const itemType = (v: unknown): 1 | 2 | 3 => (Number(v) === 2 ? 2 : Number(v) === 3 ? 3 : 1);

export async function trips(db: Queryable, scope: CompanyScope, range: DerivedRange): Promise<DerivedTrip[]> {
  const rows = await select<Row>(db, scope, range, "item_trips", "*", "start_ts");
  return rows.map((r) => tripFigures(tripOf(r)));
}

function tripOf(r: Row): DerivedTrip {
  return {
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    startTs: num(r.start_ts),
    endTs: num(r.end_ts),
    startLat: num(r.start_lat),
    startLng: num(r.start_lng),
    endLat: num(r.end_lat),
    endLng: num(r.end_lng),
    distanceM: num(r.distance_m),
    drivingMs: num(r.driving_ms),
    idleMs: num(r.idle_ms),
    maxSpd: num(r.max_spd),
    avgSpd: num(r.avg_spd),
    fuelUsed: numOrNull(r.fuel_used),
    odometerStart: num(r.odometer_start),
    odometerEnd: num(r.odometer_end),
    hoursStart: num(r.hours_start),
    hoursEnd: num(r.hours_end),
    driverId: numOrNull(r.driver_id),
    points: num(r.points),
  };
}

export async function stops(db: Queryable, scope: CompanyScope, range: DerivedRange): Promise<DerivedStop[]> {
  const rows = await select<Row>(db, scope, range, "item_stops", "*", "start_ts");
  return rows.map((r) => ({
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    startTs: num(r.start_ts),
    endTs: num(r.end_ts),
    lat: num(r.lat),
    lng: num(r.lng),
    idleMs: num(r.idle_ms),
    driverId: numOrNull(r.driver_id),
  }));
}

export async function idles(db: Queryable, scope: CompanyScope, range: DerivedRange): Promise<DerivedIdle[]> {
  const rows = await select<Row>(db, scope, range, "item_idles", "*", "start_ts");
  return rows.map((r) => ({
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    startTs: num(r.start_ts),
    endTs: num(r.end_ts),
    lat: num(r.lat),
    lng: num(r.lng),
    fuelUsed: numOrNull(r.fuel_used),
    driverId: numOrNull(r.driver_id),
  }));
}

export async function visits(
  db: Queryable,
  scope: CompanyScope,
  range: DerivedRange,
): Promise<DerivedVisit[]> {
  const rows = await select<Row>(db, scope, range, "item_visits", "*", "start_ts");
  return rows.map((r) => ({
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    placeKind: placeKindOf(num(r.place_kind)),
    placeId: num(r.place_id),
    startTs: num(r.start_ts),
    endTs: num(r.end_ts),
    distanceM: num(r.distance_m),
    maxSpd: num(r.max_spd),
    driverId: numOrNull(r.driver_id),
  }));
}

export async function drivingEvents(
  db: Queryable,
  scope: CompanyScope,
  range: DerivedRange,
): Promise<DerivedDrivingEvent[]> {
  const rows = await select<Row>(db, scope, range, "item_driving_events", "*", "ts");
  return rows.map((r) => ({
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    ts: num(r.ts),
    kind: String(r.kind) as DrivingEventKind,
    lat: num(r.lat),
    lng: num(r.lng),
    spd: num(r.spd),
    value: numOrNull(r.value),
    driverId: numOrNull(r.driver_id),
  }));
}

export async function days(db: Queryable, scope: CompanyScope, range: DerivedRange): Promise<DerivedDay[]> {
  // Days that started up to one day before the period may reach into it.
  const wide = { ...range, from: range.from - LONGEST_DAY_MS };
  const rows = await select<Row>(db, scope, wide, "item_days", "*, day::text as day_text", "day_start_ts");
  return rows
    .map((r) => dayOf(r))
    .filter((d) => dayInPeriod(d, range.from, range.to))
    .map((d) => dayFigures(d, MAX_STEP_MS));
}

function dayOf(r: Row): DerivedDay {
  return {
    itemType: itemType(r.item_type),
    itemId: num(r.item_id),
    day: String(r.day_text),
    dayStartTs: num(r.day_start_ts),
    firstTs: num(r.first_ts),
    lastTs: num(r.last_ts),
    distanceM: num(r.distance_m),
    drivingMs: num(r.driving_ms),
    idleMs: num(r.idle_ms),
    stoppedMs: num(r.stopped_ms),
    maxSpd: num(r.max_spd),
    avgSpd: num(r.avg_spd),
    fuelUsed: numOrNull(r.fuel_used),
    odometerStart: num(r.odometer_start),
    odometerEnd: num(r.odometer_end),
    hoursStart: num(r.hours_start),
    hoursEnd: num(r.hours_end),
    trips: num(r.trips),
    drivingEvents: num(r.driving_events),
    points: num(r.points),
  };
}
