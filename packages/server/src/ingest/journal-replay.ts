import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../kernel/db/database.ts";
import { dayStartOf, PartitionManager } from "./partitions.ts";
import { POSITION_JSON_INSERT } from "./write-positions.ts";

/*
 * Journal records hold rows as the positions insert reads them (`positionsJson`); `on conflict do nothing` on (device, ts,
 * company) makes replay idempotent, so rows that did reach the database are not stored twice.
 */
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
  await tx.query(POSITION_JSON_INSERT, [JSON.stringify(rows)]);
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
