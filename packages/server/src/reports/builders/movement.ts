import type { ReportMapData } from "@vigia/domain";
import { idles, stops, trips } from "../../derived/index.ts";
import { readRoute } from "../../live/index.ts";
import {
  type BodyCell,
  type Builder,
  cols,
  driverOf,
  itemIndex,
  km,
  nameOf,
  onChosenDay,
  perDayChart,
  range,
} from "../run.ts";

/** Points per item a route report keeps (thinned evenly over the period, like the map's routes). */
const ROUTE_POINTS = 2000;
/** Points of a track on the map preview. */
const PREVIEW_POINTS = 400;
/** Markers on the map preview. */
const PREVIEW_MARKERS = 300;

function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  const step = points.length / max;
  return Array.from({ length: max }, (_, i) => points[Math.floor(i * step)]!);
}

/** Positions of every item, thinned to at most ROUTE_POINTS each, read in bounded chunks. */
export const routeReport: Builder = async (run) => {
  const rows: BodyCell[][] = [];
  const map: ReportMapData = { tracks: [], markers: [], geozoneIds: [], poiIds: [] };
  const speedPoints: { x: number; values: Record<string, number> }[] = [];
  const { items } = run.selection;
  for (const [i, item] of items.entries()) {
    run.step(i / Math.max(1, items.length));
    const read = await readRoute(
      run.db,
      {
        companyId: run.scope.companyId,
        ...item,
        from: run.request.timeLimits.from,
        to: run.request.timeLimits.to,
      },
      { maxPoints: ROUTE_POINTS },
    );
    const points = read.rows.filter((p) => onChosenDay(run, p.ts));
    for (const p of points) {
      rows.push([
        item.name,
        p.ts,
        run.address(p.lat, p.lng),
        Math.trunc(p.spd),
        Math.round(p.alt),
        p.ignition === null ? "" : p.ignition ? "on" : "off",
      ]);
    }
    if (points.length)
      map.tracks.push({ name: item.name, points: thin(points, PREVIEW_POINTS).map((p) => [p.lat, p.lng]) });
    if (i === 0)
      for (const p of thin(points, 500)) speedPoints.push({ x: p.ts, values: { speed: Math.trunc(p.spd) } });
  }
  return {
    columns: cols(
      ["item", "text"],
      ["date", "datetime"],
      ["position", "text"],
      ["speed", "speed"],
      ["altitude", "number"],
      ["ignition", "text"],
    ),
    rows,
    chart: { kind: "speedProfile", points: speedPoints, series: ["speed"] },
    map,
    notice: rows.length ? null : "noData",
  };
};

export const tripsReport: Builder = async (run) => {
  const index = itemIndex(run);
  const list = (await trips(run.db, run.scope, range(run))).filter((t) => onChosenDay(run, t.startTs));
  run.step(0.5);
  const map: ReportMapData = { tracks: [], markers: [], geozoneIds: [], poiIds: [] };
  for (const t of list.slice(0, PREVIEW_MARKERS / 2)) {
    map.markers.push({ lat: t.startLat, lng: t.startLng, label: nameOf(index, t), kind: "start" });
    map.markers.push({ lat: t.endLat, lng: t.endLng, label: nameOf(index, t), kind: "end" });
  }
  return {
    columns: cols(
      ["item", "text"],
      ["driver", "text"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["startPosition", "text"],
      ["endPosition", "text"],
      ["distance", "distance"],
      ["drivingTime", "duration"],
      ["idleTime", "duration"],
      ["maxSpeed", "speed"],
      ["avgSpeed", "speed"],
      ["fuel", "fuel"],
    ),
    rows: list.map((t) => [
      nameOf(index, t),
      driverOf(run, t.driverId),
      t.startTs,
      t.endTs,
      run.address(t.startLat, t.startLng),
      run.address(t.endLat, t.endLng),
      t.distanceM,
      t.drivingMs,
      t.idleMs,
      Math.trunc(t.maxSpd),
      Math.trunc(t.avgSpd),
      t.fuelUsed,
    ]),
    chart: perDayChart(
      run,
      "distancePerDay",
      list.map((t) => ({ ts: t.startTs, value: km(t.distanceM) })),
    ),
    map,
    notice: list.length ? null : "noResults",
  };
};

export const stopsReport: Builder = async (run) => {
  const index = itemIndex(run);
  const min = run.request.ranges.minStopTime;
  const list = (await stops(run.db, run.scope, range(run))).filter(
    (s) => s.endTs - s.startTs >= min && onChosenDay(run, s.startTs),
  );
  return {
    columns: cols(
      ["item", "text"],
      ["driver", "text"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["duration", "duration"],
      ["position", "text"],
      ["idleTime", "duration"],
    ),
    rows: list.map((s) => [
      nameOf(index, s),
      driverOf(run, s.driverId),
      s.startTs,
      s.endTs,
      s.endTs - s.startTs,
      run.address(s.lat, s.lng),
      s.idleMs,
    ]),
    map: {
      tracks: [],
      markers: list
        .slice(0, PREVIEW_MARKERS)
        .map((s) => ({ lat: s.lat, lng: s.lng, label: nameOf(index, s), kind: "stop" })),
    },
    notice: list.length ? null : "noStops",
  };
};

export const idleReport: Builder = async (run) => {
  const index = itemIndex(run);
  const min = run.request.ranges.inactivityTime;
  const list = (await idles(run.db, run.scope, range(run))).filter(
    (s) => s.endTs - s.startTs >= min && onChosenDay(run, s.startTs),
  );
  return {
    columns: cols(
      ["item", "text"],
      ["driver", "text"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["duration", "duration"],
      ["position", "text"],
      ["fuel", "fuel"],
    ),
    rows: list.map((s) => [
      nameOf(index, s),
      driverOf(run, s.driverId),
      s.startTs,
      s.endTs,
      s.endTs - s.startTs,
      run.address(s.lat, s.lng),
      s.fuelUsed,
    ]),
    map: {
      tracks: [],
      markers: list
        .slice(0, PREVIEW_MARKERS)
        .map((s) => ({ lat: s.lat, lng: s.lng, label: nameOf(index, s), kind: "idle" })),
    },
    notice: list.length ? null : "noResults",
  };
};

/** A gap between two positions is offline time when it lasts at least this long and no range says otherwise. */
const DEFAULT_OFFLINE_MS = 3_600_000;

/**
 * Periods without any position of at least `offlineTime` (default one hour), per item, found in SQL with one
 * statement per item (an index range scan of that item's positions over the period).
 */
export const offlineReport: Builder = async (run) => {
  const min = run.request.ranges.offlineTime || DEFAULT_OFFLINE_MS;
  const { from, to } = run.request.timeLimits;
  const rows: BodyCell[][] = [];
  const { items } = run.selection;
  for (const [i, item] of items.entries()) {
    run.step(i / Math.max(1, items.length));
    const gaps = await run.db.query<{ prev_ts: string; ts: string; lat: number; lng: number }>(
      `select prev_ts, ts, lat, lng from (
         select ts, lag(ts) over (order by ts) as prev_ts, lag(lat) over (order by ts) as lat,
                lag(lng) over (order by ts) as lng
         from positions where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5
       ) g where ts - prev_ts >= $6 order by ts`,
      [run.scope.companyId, item.itemType, item.itemId, from, to, min],
    );
    for (const g of gaps) {
      const start = Number(g.prev_ts);
      if (!onChosenDay(run, start)) continue;
      rows.push([item.name, start, Number(g.ts), Number(g.ts) - start, run.address(g.lat, g.lng)]);
    }
  }
  return {
    columns: cols(
      ["item", "text"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["duration", "duration"],
      ["position", "text"],
    ),
    rows,
    notice: rows.length ? null : "noResults",
  };
};
