import { type DerivedDay, PLACE_KINDS } from "@vigia/domain";
import type { PartitionManager } from "../ingest/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { EngineItem } from "../live/index.ts";
import type { Checkpoint } from "./frames.ts";
import { type DerivedTable, ensureDerivedPartition } from "./partitions.ts";
import type { DeriveOutput, DeriveState } from "./segments.ts";

/**
 * Writes derived rows: one `insert … select from jsonb_to_recordset … on conflict do update` per table, so a batch
 * costs a handful of statements whatever its size, and writing the same row again (a restart replaying, a rebuild)
 * replaces it.
 */
export interface CompanyRows {
  companyId: number;
  out: DeriveOutput;
  /** Snapshots of the open days (upserted again at every flush). */
  openDays: DerivedDay[];
}

type Row = Record<string, unknown>;

interface TableSpec {
  table: DerivedTable;
  /** Column → recordset type. */
  columns: Record<string, string>;
  conflict: string;
}

const ITEM = { company_id: "int", item_type: "smallint", item_id: "int" };
const TRIPS: TableSpec = {
  table: "item_trips",
  columns: {
    ...ITEM,
    start_ts: "bigint",
    end_ts: "bigint",
    start_lat: "float8",
    start_lng: "float8",
    end_lat: "float8",
    end_lng: "float8",
    distance_m: "float8",
    driving_ms: "bigint",
    idle_ms: "bigint",
    max_spd: "float8",
    avg_spd: "float8",
    fuel_used: "float8",
    odometer_start: "float8",
    odometer_end: "float8",
    hours_start: "float8",
    hours_end: "float8",
    driver_id: "int",
    points: "int",
  },
  conflict: "item_type, item_id, start_ts, company_id",
};
const STOPS: TableSpec = {
  table: "item_stops",
  columns: {
    ...ITEM,
    start_ts: "bigint",
    end_ts: "bigint",
    lat: "float8",
    lng: "float8",
    idle_ms: "bigint",
    driver_id: "int",
  },
  conflict: "item_type, item_id, start_ts, company_id",
};
const IDLES: TableSpec = {
  table: "item_idles",
  columns: {
    ...ITEM,
    start_ts: "bigint",
    end_ts: "bigint",
    lat: "float8",
    lng: "float8",
    fuel_used: "float8",
    driver_id: "int",
  },
  conflict: "item_type, item_id, start_ts, company_id",
};
const VISITS: TableSpec = {
  table: "item_visits",
  columns: {
    ...ITEM,
    place_kind: "smallint",
    place_id: "int",
    start_ts: "bigint",
    end_ts: "bigint",
    distance_m: "float8",
    max_spd: "float8",
    driver_id: "int",
  },
  conflict: "item_type, item_id, place_kind, place_id, start_ts, company_id",
};
const EVENTS: TableSpec = {
  table: "item_driving_events",
  columns: {
    ...ITEM,
    ts: "bigint",
    kind: "text",
    lat: "float8",
    lng: "float8",
    spd: "float8",
    value: "float8",
    driver_id: "int",
  },
  conflict: "item_type, item_id, ts, kind, company_id",
};
const DAYS: TableSpec = {
  table: "item_days",
  columns: {
    ...ITEM,
    day: "date",
    day_start_ts: "bigint",
    first_ts: "bigint",
    last_ts: "bigint",
    distance_m: "float8",
    driving_ms: "bigint",
    idle_ms: "bigint",
    stopped_ms: "bigint",
    max_spd: "float8",
    avg_spd: "float8",
    fuel_used: "float8",
    odometer_start: "float8",
    odometer_end: "float8",
    hours_start: "float8",
    hours_end: "float8",
    trips: "int",
    driving_events: "int",
    points: "int",
  },
  conflict: "item_type, item_id, day_start_ts, company_id",
};

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function toRow(companyId: number, value: object): Row {
  const row: Row = { company_id: companyId };
  for (const [k, v] of Object.entries(value)) row[snake(k)] = v;
  return row;
}

async function upsert(db: Queryable, spec: TableSpec, all: Row[]): Promise<void> {
  if (all.length === 0) return;
  // One statement may not update a row twice: of rows with the same key (a stop written up to a day's end, then
  // closed by the next movement) the last wins.
  const conflictKeys = spec.conflict.split(", ");
  const byKey = new Map<string, Row>();
  for (const r of all) byKey.set(conflictKeys.map((k) => String(r[k])).join("|"), r);
  const rows = [...byKey.values()];
  const names = Object.keys(spec.columns);
  const defs = names.map((n) => `${n} ${spec.columns[n]}`).join(", ");
  const keys = new Set(spec.conflict.split(", "));
  const updates = names
    .filter((n) => !keys.has(n))
    .map((n) => `${n} = excluded.${n}`)
    .join(", ");
  await db.query(
    `insert into ${spec.table} (${names.join(", ")})
     select ${names.join(", ")} from jsonb_to_recordset($1::jsonb) as r(${defs})
     on conflict (${spec.conflict}) do update set ${updates}`,
    [JSON.stringify(rows)],
  );
}

/** The rows of one company's output, per table, with the time that picks each row's day partition. */
function tablesOf(rows: CompanyRows): [TableSpec, Row[], string][] {
  const { companyId, out } = rows;
  const row = (v: object) => toRow(companyId, v);
  return [
    [TRIPS, out.trips.map(row), "start_ts"],
    [STOPS, out.stops.map(row), "start_ts"],
    [IDLES, out.idles.map(row), "start_ts"],
    [VISITS, out.visits.map((v) => ({ ...row(v), place_kind: PLACE_KINDS[v.placeKind] })), "start_ts"],
    [EVENTS, out.drivingEvents.map(row), "ts"],
    [DAYS, [...out.days, ...rows.openDays].map(row), "day_start_ts"],
  ];
}

/**
 * Creates the day partitions the rows go to. Outside the transaction that writes them: DDL rolled back with a
 * failed write would leave the partition manager believing in a table that does not exist.
 */
export async function ensurePartitionsFor(
  db: Queryable,
  partitions: PartitionManager,
  rows: CompanyRows,
): Promise<void> {
  for (const [spec, list, tsKey] of tablesOf(rows)) {
    const days = new Set<number>();
    for (const r of list) days.add(Math.floor(Number(r[tsKey]) / 86_400_000));
    for (const day of days)
      await ensureDerivedPartition(partitions, db, spec.table, rows.companyId, day * 86_400_000);
  }
}

/** Stores one company's closed rows and open-day snapshots (partitions made by `ensurePartitionsFor`). */
export async function writeDerivedRows(db: Queryable, rows: CompanyRows): Promise<void> {
  for (const [spec, list] of tablesOf(rows)) await upsert(db, spec, list);
}

export interface StoredState {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  state: DeriveState;
  /** The derivation's own engine; absent (a rebuild that does not keep it): the processor starts from live's. */
  engine?: EngineItem;
}

/** Persists items' derivation states (with the rows they closed, in the same transaction). */
export async function writeStates(db: Queryable, states: readonly StoredState[], now: number): Promise<void> {
  if (states.length === 0) return;
  await db.query(
    `insert into derived_state (item_type, item_id, company_id, state, engine, last_ts, updated_ts)
     select r.it, r.ii, r.c, r.s, r.e, r.l, $2
       from jsonb_to_recordset($1::jsonb) as r(it smallint, ii int, c int, s jsonb, e jsonb, l bigint)
     on conflict (item_type, item_id) do update
       set company_id = excluded.company_id, state = excluded.state, engine = excluded.engine,
           last_ts = excluded.last_ts, updated_ts = excluded.updated_ts`,
    [
      JSON.stringify(
        states.map((s) => ({
          it: s.itemType,
          ii: s.itemId,
          c: s.companyId,
          s: s.state,
          e: s.engine ?? null,
          l: s.state.last?.ts ?? 0,
        })),
      ),
      now,
    ],
  );
}

/** Stores checkpoints of one item (the same time again replaces it). */
export function writeCheckpoints(
  db: Queryable,
  companyId: number,
  item: { itemType: number; itemId: number },
  checkpoints: readonly Checkpoint[],
): Promise<void> {
  return writeItemsCheckpoints(db, [{ companyId, ...item, checkpoints }]);
}

/** Stores the checkpoints of many items in one statement (a flush's, one round trip whatever the items). */
export async function writeItemsCheckpoints(
  db: Queryable,
  items: readonly {
    companyId: number;
    itemType: number;
    itemId: number;
    checkpoints: readonly Checkpoint[];
  }[],
): Promise<void> {
  const rows = items.flatMap(({ companyId, itemType, itemId, checkpoints }) =>
    checkpoints.map(({ ts, state, engine }) => ({ t: itemType, i: itemId, c: companyId, ts, state, engine })),
  );
  if (rows.length === 0) return;
  await db.query(
    `insert into derived_checkpoints (item_type, item_id, ts, company_id, state, engine)
     select r.t, r.i, r.ts, r.c, r.state, r.engine
       from jsonb_to_recordset($1::jsonb) as r(t smallint, i int, c int, ts bigint, state jsonb, engine jsonb)
     on conflict (item_type, item_id, ts) do update
       set company_id = excluded.company_id, state = excluded.state, engine = excluded.engine`,
    [JSON.stringify(rows)],
  );
}

export async function readState(
  db: Queryable,
  itemType: number,
  itemId: number,
): Promise<DeriveState | null> {
  const rows = await db.query<{ state: DeriveState }>(
    "select state from derived_state where item_type = $1 and item_id = $2",
    [itemType, itemId],
  );
  return rows[0]?.state ?? null;
}

const TABLES: [DerivedTable, string][] = [
  ["item_trips", "start_ts"],
  ["item_stops", "start_ts"],
  ["item_idles", "start_ts"],
  ["item_visits", "start_ts"],
  ["item_driving_events", "ts"],
  ["item_days", "day_start_ts"],
];

/** Deletes a company's derived rows starting in [from, to) (a rebuild replaces them); items: all when null. */
export async function deleteDerivedRows(
  db: Queryable,
  companyId: number,
  from: number,
  to: number,
  items: readonly { itemType: number; itemId: number }[] | null,
): Promise<void> {
  for (const [table, ts] of TABLES) {
    if (items === null)
      await db.query(`delete from ${table} where company_id = $1 and ${ts} >= $2 and ${ts} < $3`, [
        companyId,
        from,
        to,
      ]);
    else
      await db.query(
        `delete from ${table} where company_id = $1 and ${ts} >= $2 and ${ts} < $3
           and (item_type, item_id) in (select t::smallint, i from unnest($4::int[], $5::int[]) as u(t, i))`,
        [companyId, from, to, items.map((i) => i.itemType), items.map((i) => i.itemId)],
      );
  }
}
