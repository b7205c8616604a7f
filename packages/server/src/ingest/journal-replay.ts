import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../kernel/db/database.ts";
import { dayStartOf, PartitionManager } from "./partitions.ts";

/**
 * Puts the rows of one journal record back into `positions`. The rows have the processor's shape (the
 * columns of its insert, under the same short keys); `on conflict do nothing` on (device, ts, company)
 * makes replay idempotent, so rows that did reach the database are not stored twice.
 */
const INSERT = `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, alt, spd,
    course, satt, valid, src, attributes)
  select r.c, r.d, r.it, r.ii, r.ts, r.rt, r.lat, r.lng, r.alt, r.spd, r.co, r.sa, r.va, r.sr, coalesce(r.at, '{}')
  from jsonb_to_recordset($1::jsonb) as r(c int, d int, it smallint, ii int, ts bigint, rt bigint,
    lat float8, lng float8, alt float8, spd float8, co float8, sa smallint, va boolean, sr smallint, at jsonb)
  on conflict do nothing`;

async function insertRows(
  tx: Queryable,
  partitions: PartitionManager,
  rows: readonly object[],
): Promise<void> {
  const days = new Set<string>();
  for (const row of rows) {
    const { c, ts } = row as { c?: unknown; ts?: unknown };
    if (typeof c === "number" && typeof ts === "number") days.add(`${c}:${dayStartOf(ts)}`);
  }
  for (const cd of days) {
    const [c, d] = cd.split(":").map(Number);
    await partitions.ensure(tx, c!, d!);
  }
  await tx.query(INSERT, [JSON.stringify(rows)]);
}

/** Returns how many rows it handed to the database. A row that no longer fits (its device deleted) is skipped. */
export async function replayJournalRows(
  db: Database,
  rows: readonly object[],
  log: FastifyBaseLogger,
): Promise<number> {
  if (rows.length === 0) return 0;
  const partitions = new PartitionManager();
  try {
    await db.transaction((tx) => insertRows(tx, partitions, rows));
    return rows.length;
  } catch {
    let stored = 0;
    for (const row of rows) {
      try {
        await db.transaction((tx) => insertRows(tx, new PartitionManager(), [row]));
        stored += 1;
      } catch (err) {
        log.warn({ err }, "journal row skipped on replay");
      }
    }
    return stored;
  }
}
