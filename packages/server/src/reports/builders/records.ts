import { ITEM_TYPE, type ReportCell, timeInside } from "@vigia/domain";
import { trips } from "../../derived/index.ts";
import { type BodyCell, type Builder, cols, itemIndex, nameOf, onChosenDay, range } from "../run.ts";

const NOTICE_STATES = ["open", "inProcess", "resolved"] as const;

/** Alarm notices of the selected items over the period, optionally of the chosen families only. */
export const alarmNoticesReport: Builder = async (run) => {
  const { from, to } = run.request.timeLimits;
  const items = run.selection.items;
  const families = run.request.events;
  const rows = await run.db.query<{
    ts: string;
    item_name: string;
    info: { name?: string; family?: string | number; priority?: number };
    data: { event?: string; pos?: { lat?: number; lng?: number; spd?: number } };
    state_value: number;
  }>(
    `select ts, item_name, info, data, state_value from alarm_logs
     where company_id = $1 and ts >= $2 and ts < $3
       and (item_type, item_id) in (select t::smallint, i from unnest($4::int[], $5::int[]) as u(t, i))
     order by ts limit 200001`,
    [run.scope.companyId, from, to, items.map((i) => i.itemType), items.map((i) => i.itemId)],
  );
  const out: BodyCell[][] = [];
  for (const r of rows) {
    const ts = Number(r.ts);
    if (!onChosenDay(run, ts)) continue;
    if (families.length && !families.includes(String(r.info.family ?? ""))) continue;
    const pos = r.data.pos;
    out.push([
      r.item_name,
      ts,
      r.info.name ?? "",
      String(r.info.family ?? ""),
      r.info.priority ?? null,
      r.data.event ?? "",
      NOTICE_STATES[r.state_value] ?? "",
      pos?.lat !== undefined && pos.lng !== undefined ? run.address(pos.lat, pos.lng) : "",
    ]);
  }
  return {
    columns: cols(
      ["item", "text"],
      ["date", "datetime"],
      ["alarm", "text"],
      ["family", "text"],
      ["priority", "number"],
      ["event", "text"],
      ["state", "text"],
      ["position", "text"],
    ),
    rows: out,
    notice: out.length ? null : "noResults",
  };
};

/** Samples per item a sensors report keeps: one value per bucket of the period. */
const SENSOR_BUCKETS = 500;

/**
 * Values of the chosen sensors (position attributes) over the period, thinned in SQL to one sample per time
 * bucket and item; the chart draws the first item's sensors.
 */
export const sensorsReport: Builder = async (run) => {
  const { from, to } = run.request.timeLimits;
  const keys = run.request.sensors.length ? run.request.sensors : ["ignition", "power", "battery"];
  const bucket = Math.max(60_000, Math.ceil((to - from) / SENSOR_BUCKETS));
  const out: ReportCell[][] = [];
  const chartPoints: { x: number; values: Record<string, number> }[] = [];
  const { items } = run.selection;
  for (const [n, item] of items.entries()) {
    run.step(n / Math.max(1, items.length));
    const rows = await run.db.query<{ ts: string; attributes: Record<string, unknown> }>(
      `select distinct on (ts / $6::bigint) ts, attributes from positions
       where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5
       order by ts / $6::bigint, ts`,
      [run.scope.companyId, item.itemType, item.itemId, from, to, bucket],
    );
    for (const r of rows) {
      const ts = Number(r.ts);
      if (!onChosenDay(run, ts)) continue;
      const values: Record<string, number> = {};
      for (const key of keys) {
        const v = r.attributes[key];
        if (v === undefined || v === null) continue;
        const value = typeof v === "boolean" ? (v ? 1 : 0) : typeof v === "number" ? v : String(v);
        out.push([item.name, ts, key, value]);
        if (typeof value === "number") values[key] = value;
      }
      if (n === 0 && Object.keys(values).length) chartPoints.push({ x: ts, values });
    }
  }
  return {
    columns: cols(["item", "text"], ["date", "datetime"], ["sensor", "text"], ["value", "text"]),
    rows: out,
    chart: items.length < 1000 ? { kind: "sensorValues", series: keys, points: chartPoints } : null,
    notice: out.length ? null : "noData",
  };
};

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a zone, as "local epoch" ms (see domain reports/worktime.ts). */
export function localEpoch(ts: number, timezone: string): number {
  let f = offsetFormats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormats.set(timezone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ts).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) + (ts % 1000);
}

/**
 * Work-time compliance: for each item with a timetable, how much of its driving fell inside and outside the
 * timetable's hours (trips from derived history, each measured against the windows of its own local days).
 */
export const worktimeComplianceReport: Builder = async (run) => {
  const index = itemIndex(run);
  const tables = await run.db.query<{
    name: string;
    timezone: string;
    days: { id: number; enabled: boolean; from: string; to: string }[];
    vehicles: number[];
    assets: number[];
    persons: number[];
  }>("select name, timezone, days, vehicles, assets, persons from worktimes where company_id = $1", [
    run.scope.companyId,
  ]);
  const timetableOf = (itemType: number, itemId: number) =>
    tables.find((t) =>
      (itemType === ITEM_TYPE.vehicle
        ? t.vehicles
        : itemType === ITEM_TYPE.asset
          ? t.assets
          : t.persons
      ).includes(itemId),
    );
  const per = new Map<
    string,
    { trips: number; inside: number; outside: number; outsideTrips: number; distanceOutside: number }
  >();
  for (const t of await trips(run.db, run.scope, range(run))) {
    if (!onChosenDay(run, t.startTs)) continue;
    const table = timetableOf(t.itemType, t.itemId);
    if (!table) continue;
    const start = localEpoch(t.startTs, table.timezone);
    const end = start + (t.endTs - t.startTs);
    const inside = timeInside(start, end, table.days);
    const outside = end - start - inside;
    const key = `${t.itemType}:${t.itemId}`;
    const acc = per.get(key) ?? { trips: 0, inside: 0, outside: 0, outsideTrips: 0, distanceOutside: 0 };
    acc.trips += 1;
    acc.inside += inside;
    acc.outside += outside;
    if (outside > 0) {
      acc.outsideTrips += 1;
      acc.distanceOutside += (t.distanceM * outside) / Math.max(1, end - start);
    }
    per.set(key, acc);
  }
  const rows: ReportCell[][] = [];
  for (const item of run.selection.items) {
    const table = timetableOf(item.itemType, item.itemId);
    if (!table) continue;
    const acc = per.get(`${item.itemType}:${item.itemId}`) ?? {
      trips: 0,
      inside: 0,
      outside: 0,
      outsideTrips: 0,
      distanceOutside: 0,
    };
    const total = acc.inside + acc.outside;
    rows.push([
      nameOf(index, item),
      table.name,
      acc.trips,
      acc.outsideTrips,
      acc.inside,
      acc.outside,
      Math.round(acc.distanceOutside),
      total > 0 ? Math.round((acc.inside / total) * 1000) / 10 : 100,
    ]);
  }
  return {
    columns: cols(
      ["item", "text"],
      ["timetable", "text"],
      ["trips", "number"],
      ["tripsOutside", "number"],
      ["timeInside", "duration"],
      ["timeOutside", "duration"],
      ["distanceOutside", "distance"],
      ["compliance", "number"],
    ),
    rows,
    notice: rows.length ? null : "noResults",
  };
};
