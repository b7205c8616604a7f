import type { PartitionManager } from "../ingest/index.ts";
import type { Queryable } from "../kernel/db/database.ts";

/** Each derived table and the time column its day partitions range over (migration 014). */
export const DERIVED_TABLES = {
  item_trips: "start_ts",
  item_stops: "start_ts",
  item_idles: "start_ts",
  item_visits: "start_ts",
  item_driving_events: "ts",
  item_days: "day_start_ts",
} as const;
export type DerivedTable = keyof typeof DERIVED_TABLES;

/**
 * Creates the company-day partition a derived row goes to. The positions' PartitionManager keeps the names it
 * knows, so retention's `forget` covers derived partitions too and a known partition costs no query.
 */
export function ensureDerivedPartition(
  partitions: PartitionManager,
  db: Queryable,
  table: DerivedTable,
  companyId: number,
  ts: number,
): Promise<void> {
  return partitions.ensure(db, companyId, ts, table, DERIVED_TABLES[table]);
}
