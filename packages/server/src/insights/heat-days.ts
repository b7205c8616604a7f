import { DAY_MS } from "@vigia/domain";
import type { PartitionManager } from "../ingest/index.ts";
import type { Database, Queryable, SqlParam } from "../kernel/db/database.ts";
import { addGridCell, type GridCounts, gridStepDegrees, type HexCounts } from "./binning.ts";
import { type ItemKey, itemCondition } from "./selection.ts";

/**
 * Heat-map cells of closed days (migration 037): each company-day's positions folded once into H3 hexagons per
 * item, so a month's heat map sums stored cells and groups only the positions of days not built yet (today, a
 * day changed since its build). Coarser resolutions fold the stored cells into their parents; finer ones read
 * positions.
 */
export const HEAT_RESOLUTION = 8;

/** Days built per tick: a month of history at first start is caught up in a few minutes, a day at a time. */
const DAYS_PER_TICK = 10;

interface ItemGrid extends GridCounts {
  t: readonly number[];
  i: readonly number[];
}

/**
 * Builds one company-day's cells from its positions, replacing what was built before. The sequence number is
 * taken before the positions are read, so a change committed after that read carries a later number and the
 * day counts as changed again.
 */
export async function buildHeatDay(
  db: Database,
  partitions: PartitionManager,
  companyId: number,
  dayStart: number,
): Promise<number> {
  const step = gridStepDegrees(HEAT_RESOLUTION);
  const [taken] = await db.query<{ seq: string }>("select nextval('history_seq')::text as seq");
  const [grid] = await db.query<ItemGrid>(
    `select coalesce(array_agg(item_type), '{}') as t, coalesce(array_agg(item_id), '{}') as i,
       coalesce(array_agg(gy), '{}') as gy, coalesce(array_agg(gx), '{}') as gx, coalesce(array_agg(n), '{}') as n
     from (select item_type, item_id, round(lat / $3)::int as gy, round(lng / $3)::int as gx, count(*)::int as n
           from positions where company_id = $1 and ts >= $2 and ts < $2::bigint + ${DAY_MS} and valid
           group by 1, 2, 3, 4) g`,
    [companyId, dayStart, step],
  );
  const perItem = new Map<string, { itemType: number; itemId: number; counts: HexCounts }>();
  const rows = grid ?? { t: [], i: [], gy: [], gx: [], n: [] };
  for (let k = 0; k < rows.n.length; k++) {
    const itemType = rows.t[k] ?? 0;
    const itemId = rows.i[k] ?? 0;
    const key = `${itemType}:${itemId}`;
    let entry = perItem.get(key);
    if (!entry) {
      entry = { itemType, itemId, counts: new Map() };
      perItem.set(key, entry);
    }
    addGridCell(entry.counts, rows.gy[k] ?? 0, rows.gx[k] ?? 0, rows.n[k] ?? 0, step, HEAT_RESOLUTION);
  }
  const types: number[] = [];
  const ids: number[] = [];
  const cells: string[] = [];
  const counts: number[] = [];
  for (const { itemType, itemId, counts: byCell } of perItem.values())
    for (const [h3, n] of byCell) {
      types.push(itemType);
      ids.push(itemId);
      cells.push(BigInt(`0x${h3}`).toString());
      counts.push(n);
    }
  await db.transaction(async (tx) => {
    await partitions.ensure(tx, companyId, dayStart, "heat_cells", "day_start_ts");
    await tx.query("delete from heat_cells where company_id = $1 and day_start_ts = $2", [
      companyId,
      dayStart,
    ]);
    if (cells.length > 0)
      await tx.query(
        `insert into heat_cells (company_id, day_start_ts, item_type, item_id, h3, n)
         select $1, $2, t, i, h, n from unnest($3::smallint[], $4::int[], $5::bigint[], $6::int[]) as u(t, i, h, n)
         on conflict (company_id, day_start_ts, item_type, item_id, h3) do update set n = excluded.n`,
        [companyId, dayStart, types, ids, cells, counts],
      );
    await tx.query(
      `insert into heat_days (company_id, day_start_ts, built_seq) values ($1, $2, $3::bigint)
       on conflict (company_id, day_start_ts) do update set built_seq = excluded.built_seq`,
      [companyId, dayStart, taken?.seq ?? "0"],
    );
  });
  return cells.length;
}

/**
 * Company-days that have ended and whose positions are not built (never, or changed since), newest first: the
 * days a user is likeliest to look at come first. Days are found by their positions partitions.
 */
export async function dueHeatDays(
  db: Queryable,
  now: number,
  limit = DAYS_PER_TICK,
): Promise<{ companyId: number; day: number }[]> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const partitions = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relname ~ '^positions_c[0-9]+_d[0-9]{8}$' and c.relnamespace = current_schema()::regnamespace`,
  );
  const built = await db.query<{ company_id: number; day_start_ts: number }>(
    `select h.company_id, h.day_start_ts from heat_days h
     left join position_day_changes c using (company_id, day_start_ts)
     where c.seq is null or c.seq < h.built_seq`,
  );
  const done = new Set(built.map((b) => `${b.company_id}:${Number(b.day_start_ts)}`));
  const due: { companyId: number; day: number }[] = [];
  for (const { name } of partitions) {
    const match = /^positions_c(\d+)_d(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!match) continue;
    const companyId = Number(match[1]);
    const day = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]));
    if (day < today && !done.has(`${companyId}:${day}`)) due.push({ companyId, day });
  }
  return due.sort((a, b) => b.day - a.day || a.companyId - b.companyId).slice(0, limit);
}

/** Builds the due days, a few per call (the owner's timer calls it every minute). Returns the days built. */
export async function buildDueHeatDays(
  db: Database,
  partitions: PartitionManager,
  now: number,
  limit = DAYS_PER_TICK,
): Promise<number> {
  const due = await dueHeatDays(db, now, limit);
  for (const { companyId, day } of due) await buildHeatDay(db, partitions, companyId, day);
  return due.length;
}

/** The days wholly inside [from, to) whose cells are built and not changed since. */
export async function builtHeatDays(
  db: Queryable,
  companyId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db.query<{ day_start_ts: number }>(
    `select h.day_start_ts from heat_days h
     left join position_day_changes c using (company_id, day_start_ts)
     where h.company_id = $1 and h.day_start_ts >= $2 and h.day_start_ts + ${DAY_MS} <= $3
       and (c.seq is null or c.seq < h.built_seq)
     order by h.day_start_ts`,
    [companyId, from, to],
  );
  return rows.map((r) => Number(r.day_start_ts));
}

/** Stored cells of the given days summed per cell, for the chosen items only when `items` is not null. */
export async function storedHeatCells(
  db: Queryable,
  companyId: number,
  days: readonly number[],
  items: readonly ItemKey[] | null,
): Promise<{ h: string[]; n: number[] }> {
  const params: SqlParam[] = [companyId, [...days]];
  let where = "company_id = $1 and day_start_ts = any($2::bigint[])";
  if (items !== null) {
    const condition = itemCondition(items, params.length + 1);
    params.push(...condition.params);
    where += ` and ${condition.sql}`;
  }
  const [row] = await db.query<{ h: string[]; n: number[] }>(
    `select coalesce(array_agg(h), '{}') as h, coalesce(array_agg(n), '{}') as n
     from (select to_hex(h3) as h, sum(n)::int as n from heat_cells where ${where} group by h3) c`,
    params,
  );
  return row ?? { h: [], n: [] };
}

/** [from, to) without the given whole days (sorted): the stretches still to be read from positions. Pure. */
export function rangesWithout(from: number, to: number, days: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  let start = from;
  for (const day of days) {
    if (day > start) ranges.push([start, Math.min(day, to)]);
    start = Math.max(start, day + DAY_MS);
    if (start >= to) break;
  }
  if (start < to) ranges.push([start, to]);
  return ranges.filter(([a, b]) => b > a);
}
