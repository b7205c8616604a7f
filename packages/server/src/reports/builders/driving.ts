import {
  type DerivedDrivingEvent,
  driverScore,
  drivingEventName,
  REPORT_LIMITS,
  type ReportCell,
} from "@vigia/domain";
import { drivingEvents, idles, trips } from "../../derived/index.ts";
import { type Builder, cols, driverOf, itemIndex, nameOf, onChosenDay, range } from "../run.ts";

/** Harsh driving events (braking, acceleration, sharp turns, overspeed, crashes), at most 500 per item and route. */
export const drivingEventsReport: Builder = async (run) => {
  const index = itemIndex(run);
  const wanted = new Set(run.request.events);
  const all = (await drivingEvents(run.db, run.scope, range(run))).filter(
    (e) => (wanted.size === 0 || wanted.has(e.kind)) && onChosenDay(run, e.ts),
  );
  const perItem = new Map<string, number>();
  const list: DerivedDrivingEvent[] = [];
  let capped = false;
  for (const e of all) {
    const key = `${e.itemType}:${e.itemId}`;
    const n = (perItem.get(key) ?? 0) + 1;
    perItem.set(key, n);
    if (n > REPORT_LIMITS.drivingEventsPerRoute) capped = true;
    else list.push(e);
  }
  return {
    columns: cols(
      ["item", "text"],
      ["driver", "text"],
      ["date", "datetime"],
      ["event", "text"],
      ["speed", "speed"],
      ["value", "number"],
      ["position", "text"],
    ),
    rows: list.map((e) => [
      nameOf(index, e),
      driverOf(run, e.driverId),
      e.ts,
      drivingEventName(e.kind, run.request.lang),
      Math.trunc(e.spd),
      e.value,
      run.address(e.lat, e.lng),
    ]),
    map: {
      tracks: [],
      markers: list.slice(0, 300).map((e) => ({
        lat: e.lat,
        lng: e.lng,
        label: `${nameOf(index, e)}: ${drivingEventName(e.kind, run.request.lang)}`,
        kind: e.kind,
      })),
    },
    notice: capped ? "drivingEventsLimit" : list.length ? null : "noResults",
  };
};

interface Tally {
  distanceM: number;
  drivingMs: number;
  harshBraking: number;
  harshAcceleration: number;
  sharpTurn: number;
  crash: number;
  speeding: number;
  idleMs: number;
}
const emptyTally = (): Tally => ({
  distanceM: 0,
  drivingMs: 0,
  harshBraking: 0,
  harshAcceleration: 0,
  sharpTurn: 0,
  crash: 0,
  speeding: 0,
  idleMs: 0,
});

/**
 * Driver scoring 0-10 (domain `driverScore`, formula documented there): harsh events, speeding and idling per
 * distance, per driver from the trips, events and idles that carry the driver's id. With no driver picked,
 * each vehicle of the selection is scored instead.
 */
export const driverScoreReport: Builder = async (run) => {
  const byDriver = run.selection.drivers.length > 0;
  const keyOf = (x: { driverId: number | null; itemType: number; itemId: number }): string | null =>
    byDriver ? (x.driverId === null ? null : String(x.driverId)) : `${x.itemType}:${x.itemId}`;
  const r = byDriver ? range(run, null) : range(run);
  const tallies = new Map<string, Tally>();
  const tally = (key: string | null): Tally | null => {
    if (key === null) return null;
    let t = tallies.get(key);
    if (!t) {
      t = emptyTally();
      tallies.set(key, t);
    }
    return t;
  };
  for (const t of await trips(run.db, run.scope, r)) {
    if (!onChosenDay(run, t.startTs)) continue;
    const acc = tally(keyOf(t));
    if (acc) {
      acc.distanceM += t.distanceM;
      acc.drivingMs += t.drivingMs;
    }
  }
  run.step(0.4);
  for (const e of await drivingEvents(run.db, run.scope, r)) {
    if (!onChosenDay(run, e.ts)) continue;
    const acc = tally(keyOf(e));
    if (!acc) continue;
    if (e.kind === "overspeed") acc.speeding += 1;
    else acc[e.kind] += 1;
  }
  run.step(0.7);
  const minIdle = run.request.ranges.inactivityTime;
  for (const i of await idles(run.db, run.scope, r)) {
    if (i.endTs - i.startTs < minIdle || !onChosenDay(run, i.startTs)) continue;
    const acc = tally(keyOf(i));
    if (acc) acc.idleMs += i.endTs - i.startTs;
  }
  const index = itemIndex(run);
  const subjects = byDriver
    ? run.selection.drivers.map((d) => ({ key: String(d.id), name: d.name }))
    : run.selection.items.map((i) => ({ key: `${i.itemType}:${i.itemId}`, name: nameOf(index, i) }));
  const rows: ReportCell[][] = subjects.map(({ key, name }) => {
    const t = tallies.get(key) ?? emptyTally();
    return [
      name,
      t.distanceM,
      t.drivingMs,
      t.harshBraking,
      t.harshAcceleration,
      t.sharpTurn,
      t.crash,
      t.speeding,
      t.idleMs,
      driverScore(t),
    ];
  });
  rows.sort((a, b) => Number(b[9] ?? -1) - Number(a[9] ?? -1));
  return {
    columns: cols(
      [byDriver ? "driver" : "item", "text"],
      ["distance", "distance"],
      ["drivingTime", "duration"],
      ["harshBraking", "number"],
      ["harshAcceleration", "number"],
      ["sharpTurn", "number"],
      ["crash", "number"],
      ["speeding", "number"],
      ["idleTime", "duration"],
      ["score", "score"],
    ),
    rows,
    chart: {
      kind: "scorePerDriver",
      series: ["score"],
      points: rows
        .filter((row) => row[9] !== null)
        .map((row) => ({ x: String(row[0]), values: { score: Number(row[9]) } })),
    },
    notice: tallies.size ? null : "noData",
  };
};
