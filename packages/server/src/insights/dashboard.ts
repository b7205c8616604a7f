import {
  ALARM_PRIORITY,
  CHART_VEHICLES_MAX,
  type Dashboard,
  driverScore,
  ITEM_TYPE,
  type ScoreInput,
  TOP_LIST_SIZE,
} from "@vigia/domain";
import { days, periodDays, type VehiclePeriod, vehiclesFuel, wholeDays } from "../derived/index.ts";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { keyOf, selectItems } from "./selection.ts";

type ItemTotals = ScoreInput & { drivingMs: number };

const emptyTotals = (): ItemTotals => ({
  distanceM: 0,
  drivingMs: 0,
  idleMs: 0,
  harshBraking: 0,
  harshAcceleration: 0,
  sharpTurn: 0,
  crash: 0,
  speeding: 0,
});

/** The score's event counts, summed over items. */
function addTotals(into: ItemTotals, from: ItemTotals): void {
  for (const key of Object.keys(into) as (keyof ItemTotals)[]) into[key] += from[key];
}

/** Driving events of the period per item and kind, for the driver score (reports' `driverScore`). */
async function eventCounts(
  db: Queryable,
  companyId: number,
  range: { fromTs: number; toTs: number },
  items: { itemType: number; itemId: number }[],
): Promise<{ item_type: number; item_id: number; kind: string; n: number }[]> {
  return db.query(
    `select item_type, item_id, kind, count(*)::int as n from item_driving_events
     where company_id = $1 and ts >= $2 and ts < $3
       and (item_type, item_id) in (select t::smallint, i from unnest($4::int[], $5::int[]) as u(t, i))
     group by 1, 2, 3`,
    [companyId, range.fromTs, range.toTs, items.map((i) => i.itemType), items.map((i) => i.itemId)],
  );
}

const SCORE_KINDS: Record<string, keyof ItemTotals> = {
  harshBraking: "harshBraking",
  harshAcceleration: "harshAcceleration",
  sharpTurn: "sharpTurn",
  crash: "crash",
  overspeed: "speeding",
};

/**
 * The dashboard's period figures: totals, a per-day series and top lists from the daily aggregates, and alarms
 * from the notices, over the user's items narrowed to the chosen groups. Live counts (moving, idle…) are not
 * here: the browser counts them from the live channel.
 */
export async function dashboard(
  db: Queryable,
  scope: CompanyScope,
  request: { fromTs: number; toTs: number; groupIds: number[]; timeZone: string },
): Promise<Dashboard> {
  const items = await selectItems(db, scope, { groupIds: request.groupIds });
  const tooMany = items.length > CHART_VEHICLES_MAX;
  const base: Dashboard = {
    fromTs: request.fromTs,
    toTs: request.toTs,
    items: items.length,
    tooMany,
    totals: { distanceM: 0, drivingMs: 0, fuelL: null, score: null },
    alarmsByPriority: { low: 0, medium: 0, high: 0 },
    daily: [],
    topDistance: [],
    worstScores: [],
    mostAlarms: [],
  };
  if (items.length === 0) return base;
  // Whole local days, as the reports read them: the same period gives the same figures on both.
  const whole = wholeDays({ from: request.fromTs, to: request.toTs }, request.timeZone);
  const read = { ...request, fromTs: whole.from, toTs: whole.to };
  const rows = await days(db, scope, { from: whole.from, to: whole.to, items });
  const perItem = new Map<string, ItemTotals>();
  const perDay = new Map<string, { distanceM: number; drivingMs: number }>();
  const vehicles = new Map<number, VehiclePeriod>();
  for (const i of items)
    if (i.itemType === ITEM_TYPE.vehicle) vehicles.set(i.itemId, { counterL: null, distanceM: 0 });
  for (const r of rows) {
    base.totals.distanceM += r.distanceM;
    base.totals.drivingMs += r.drivingMs;
    if (r.itemType === ITEM_TYPE.vehicle) {
      const v = vehicles.get(r.itemId) ?? { counterL: null, distanceM: 0 };
      v.distanceM += r.distanceM;
      if (r.fuelUsed !== null) v.counterL = (v.counterL ?? 0) + r.fuelUsed;
      vehicles.set(r.itemId, v);
    } else if (r.fuelUsed !== null) base.totals.fuelL = (base.totals.fuelL ?? 0) + r.fuelUsed;
    const item = perItem.get(keyOf(r)) ?? emptyTotals();
    item.distanceM += r.distanceM;
    item.drivingMs += r.drivingMs;
    item.idleMs += r.idleMs;
    perItem.set(keyOf(r), item);
    const day = perDay.get(r.day) ?? { distanceM: 0, drivingMs: 0 };
    day.distanceM += r.distanceM;
    day.drivingMs += r.drivingMs;
    perDay.set(r.day, day);
  }
  // The same fuel figure as the reports: each vehicle's best source (counter, level sensor, consumption figure).
  for (const f of (await vehiclesFuel(db, scope.companyId, whole, vehicles)).values())
    if (f.litres !== null) base.totals.fuelL = Math.round(((base.totals.fuelL ?? 0) + f.litres) * 10) / 10;
  for (const e of await eventCounts(db, scope.companyId, read, items)) {
    const field = SCORE_KINDS[e.kind];
    const item = perItem.get(`${e.item_type}:${e.item_id}`);
    if (field && item) item[field] += e.n;
  }
  const fleet = emptyTotals();
  for (const item of perItem.values()) addTotals(fleet, item);
  base.totals.score = driverScore(fleet);
  const alarms = await alarmCounts(db, scope, read, items);
  base.alarmsByPriority = alarms.byPriority;
  if (tooMany) return base;

  // Every local day of the period, a day without driving as zero, so the chart's days are evenly spaced.
  for (const day of periodDays(request.fromTs, request.toTs, request.timeZone))
    if (!perDay.has(day)) perDay.set(day, { distanceM: 0, drivingMs: 0 });
  base.daily = [...perDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, v]) => ({ day, ...v }));
  const named = items.map((item) => ({ item, totals: perItem.get(keyOf(item)) }));
  const ref = (i: (typeof items)[number]) => ({ itemType: i.itemType, itemId: i.itemId, name: i.name });
  base.topDistance = named
    .filter((n) => (n.totals?.distanceM ?? 0) > 0)
    .sort((a, b) => (b.totals?.distanceM ?? 0) - (a.totals?.distanceM ?? 0))
    .slice(0, TOP_LIST_SIZE)
    .map((n) => ({ ...ref(n.item), distanceM: n.totals?.distanceM ?? 0 }));
  base.worstScores = named
    .flatMap((n) => {
      const score = n.totals ? driverScore(n.totals) : null;
      return score === null ? [] : [{ ...ref(n.item), score }];
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, TOP_LIST_SIZE);
  base.mostAlarms = items
    .map((i) => ({ ...ref(i), alarms: alarms.perItem.get(keyOf(i)) ?? 0 }))
    .filter((i) => i.alarms > 0)
    .sort((a, b) => b.alarms - a.alarms)
    .slice(0, TOP_LIST_SIZE);
  return base;
}

/** Notices of the period on the selected items: open ones by priority, and all of them per item. */
async function alarmCounts(
  db: Queryable,
  scope: CompanyScope,
  request: { fromTs: number; toTs: number },
  items: { itemType: number; itemId: number }[],
) {
  const params: SqlParam[] = [
    scope.companyId,
    request.fromTs,
    request.toTs,
    items.map((i) => i.itemType),
    items.map((i) => i.itemId),
  ];
  const rows = await db.query<{
    item_type: number;
    item_id: number;
    priority: number | null;
    open: number;
    n: number;
  }>(
    `select item_type, item_id, (info->>'priority')::int as priority,
       count(*) filter (where state_value < 2)::int as open, count(*)::int as n
     from alarm_logs
     where company_id = $1 and ts >= $2 and ts < $3
       and (item_type, item_id) in (select t::smallint, i from unnest($4::int[], $5::int[]) as u(t, i))
     group by 1, 2, 3`,
    params,
  );
  const byPriority = { low: 0, medium: 0, high: 0 };
  const perItem = new Map<string, number>();
  for (const r of rows) {
    if (r.priority === ALARM_PRIORITY.low) byPriority.low += r.open;
    else if (r.priority === ALARM_PRIORITY.high) byPriority.high += r.open;
    else byPriority.medium += r.open;
    const key = `${r.item_type}:${r.item_id}`;
    perItem.set(key, (perItem.get(key) ?? 0) + r.n);
  }
  return { byPriority, perItem };
}
