import { averageConsumption, costPerKm, ITEM_TYPE, type ReportCell } from "@vigia/domain";
import { averageSpeedKmh, trips, type VehiclePeriod, vehiclesFuel } from "../../derived/index.ts";
import {
  type Builder,
  cols,
  driverOf,
  itemIndex,
  km,
  localDay,
  nameOf,
  onChosenDay,
  perDayChart,
  range,
} from "../run.ts";
import { chosenDays, daysPerItem, distanceOf, periodCosts } from "./period.ts";

const sumFuel = (a: number | null, b: number | null): number | null =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

/**
 * One row per item over the whole period, from the daily aggregates, with the vehicle's costs of the period and
 * its cost per km in each currency it has costs in.
 */
export const summaryReport: Builder = async (run) => {
  const list = await chosenDays(run);
  run.step(0.6);
  const per = daysPerItem(list);
  // A trip is a row of the trips report: counted from those rows, never from a separate daily counter.
  const tripCount = new Map<string, number>();
  for (const t of (await trips(run.db, run.scope, range(run))).filter((t) => onChosenDay(run, t.startTs))) {
    const key = `${t.itemType}:${t.itemId}`;
    tripCount.set(key, (tripCount.get(key) ?? 0) + 1);
  }
  // The same fuel figure as the fuel report and the dashboard: each vehicle's best source.
  const vehicles = new Map<number, VehiclePeriod>();
  for (const item of run.selection.items) {
    if (item.itemType !== ITEM_TYPE.vehicle) continue;
    const ds = per.get(`1:${item.itemId}`) ?? [];
    vehicles.set(item.itemId, {
      distanceM: distanceOf(ds),
      counterL: ds.reduce<number | null>((s, d) => sumFuel(s, d.fuelUsed), null),
    });
  }
  const fuelOf = await vehiclesFuel(run.db, run.scope.companyId, range(run), vehicles);
  // The vehicles' costs of the period, one column pair per currency (never added across currencies).
  const { costs, currencies } = await periodCosts(run);
  const costOf = new Map(costs.map((c) => [`${c.vehicleId}:${c.currency}`, c.amount]));
  const rows: ReportCell[][] = [];
  for (const item of run.selection.items) {
    const ds = per.get(`${item.itemType}:${item.itemId}`) ?? [];
    const itemCosts = currencies.flatMap((currency): ReportCell[] => {
      const amount =
        item.itemType === ITEM_TYPE.vehicle ? costOf.get(`${item.itemId}:${currency}`) : undefined;
      return amount === undefined ? [null, null] : [amount, costPerKm(amount, distanceOf(ds))];
    });
    const distance = distanceOf(ds);
    const driving = ds.reduce((s, d) => s + d.drivingMs, 0);
    const fuel =
      item.itemType === ITEM_TYPE.vehicle
        ? (fuelOf.get(item.itemId)?.litres ?? null)
        : ds.reduce<number | null>((s, d) => sumFuel(s, d.fuelUsed), null);
    const maxSpd = ds.reduce((m, d) => Math.max(m, d.maxSpd), 0);
    const span = ds.reduce((s, d) => s + (d.lastTs - d.firstTs), 0);
    rows.push([
      item.name,
      distance,
      driving,
      ds.reduce((s, d) => s + d.idleMs, 0),
      ds.reduce((s, d) => s + d.stoppedMs, 0),
      Math.trunc(maxSpd),
      Math.trunc(averageSpeedKmh(distance, driving, span, maxSpd)),
      tripCount.get(`${item.itemType}:${item.itemId}`) ?? 0,
      ds.reduce((s, d) => s + d.drivingEvents, 0),
      fuel,
      averageConsumption(fuel, distance, run.fuelUnit),
      ...itemCosts,
    ]);
  }
  return {
    columns: cols(
      ["item", "text"],
      ["distance", "distance"],
      ["drivingTime", "duration"],
      ["idleTime", "duration"],
      ["stoppedTime", "duration"],
      ["maxSpeed", "speed"],
      ["avgSpeed", "speed"],
      ["trips", "number"],
      ["drivingEvents", "number"],
      ["fuel", "fuel"],
      ["averageFuel", "consumption"],
      ...currencies.flatMap((c): [string, "number"][] => [
        [`costs:${c}`, "number"],
        [`costPerKm:${c}`, "number"],
      ]),
    ),
    rows,
    chart:
      run.selection.items.length < 1000
        ? {
            kind: "distancePerItem",
            series: ["distanceKm"],
            points: rows.map((r) => ({ x: String(r[0]), values: { distanceKm: km(Number(r[1])) } })),
          }
        : null,
    notice: list.length ? null : "noData",
  };
};

/** One row per item and day. */
export const summaryDailyReport: Builder = async (run) => {
  const index = itemIndex(run);
  const list = await chosenDays(run);
  return {
    columns: cols(
      ["item", "text"],
      ["day", "date"],
      ["firstPosition", "datetime"],
      ["lastPosition", "datetime"],
      ["distance", "distance"],
      ["drivingTime", "duration"],
      ["idleTime", "duration"],
      ["stoppedTime", "duration"],
      ["maxSpeed", "speed"],
      ["trips", "number"],
      ["fuel", "fuel"],
    ),
    rows: list.map((d) => [
      nameOf(index, d),
      d.day,
      d.firstTs,
      d.lastTs,
      d.distanceM,
      d.drivingMs,
      d.idleMs,
      d.stoppedMs,
      Math.trunc(d.maxSpd),
      d.trips,
      d.fuelUsed,
    ]),
    chart: perDayChart(
      run,
      "distancePerDay",
      list.map((d) => ({ ts: d.dayStartTs + 43_200_000, value: km(d.distanceM) })),
    ),
    notice: list.length ? null : "noData",
  };
};

/** Odometer (km) and hour meter (engine hours) at the start and end of each day, per vehicle. */
export const odometerDailyReport: Builder = async (run) => {
  const index = itemIndex(run);
  const list = await chosenDays(run);
  return {
    columns: cols(
      ["item", "text"],
      ["day", "date"],
      ["odometerStart", "odometer"],
      ["odometerEnd", "odometer"],
      ["distance", "distance"],
      ["hoursStart", "hours"],
      ["hoursEnd", "hours"],
      ["engineTime", "duration"],
    ),
    rows: list.map((d) => [
      nameOf(index, d),
      d.day,
      km(d.odometerStart),
      km(d.odometerEnd),
      d.distanceM,
      Math.round(d.hoursStart / 360) / 10,
      Math.round(d.hoursEnd / 360) / 10,
      (d.hoursEnd - d.hoursStart) * 1000,
    ]),
    chart: perDayChart(
      run,
      "distancePerDay",
      list.map((d) => ({ ts: d.dayStartTs + 43_200_000, value: km(d.distanceM) })),
    ),
    notice: list.length ? null : "noData",
  };
};

/**
 * What each driver did per day: first start, last end, trips, distance and driving time, from the trips
 * that carry the driver's id (whichever vehicle they drove).
 */
export const driverActivityReport: Builder = async (run) => {
  const wanted = new Set(run.selection.drivers.map((d) => d.id));
  const list = (await trips(run.db, run.scope, range(run, null))).filter(
    (t) => t.driverId !== null && wanted.has(t.driverId) && onChosenDay(run, t.startTs),
  );
  const per = new Map<
    string,
    {
      driver: number;
      day: string;
      first: number;
      last: number;
      trips: number;
      distance: number;
      driving: number;
      vehicles: Set<number>;
    }
  >();
  for (const t of list) {
    const { day } = localDay(t.startTs, run.request.timezone);
    const key = `${t.driverId}:${day}`;
    const acc = per.get(key) ?? {
      driver: t.driverId!,
      day,
      first: t.startTs,
      last: t.endTs,
      trips: 0,
      distance: 0,
      driving: 0,
      vehicles: new Set(),
    };
    acc.first = Math.min(acc.first, t.startTs);
    acc.last = Math.max(acc.last, t.endTs);
    acc.trips += 1;
    acc.distance += t.distanceM;
    acc.driving += t.drivingMs;
    acc.vehicles.add(t.itemId);
    per.set(key, acc);
  }
  const rows: ReportCell[][] = [...per.values()]
    .sort(
      (a, b) => driverOf(run, a.driver).localeCompare(driverOf(run, b.driver)) || a.day.localeCompare(b.day),
    )
    .map((a) => [
      driverOf(run, a.driver),
      a.day,
      a.first,
      a.last,
      a.trips,
      a.distance,
      a.driving,
      a.vehicles.size,
    ]);
  return {
    columns: cols(
      ["driver", "text"],
      ["day", "date"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["trips", "number"],
      ["distance", "distance"],
      ["drivingTime", "duration"],
      ["vehicles", "number"],
    ),
    rows,
    chart: perDayChart(
      run,
      "distancePerDay",
      list.map((t) => ({ ts: t.startTs, value: km(t.distanceM) })),
    ),
    notice: rows.length ? null : "noResults",
  };
};
