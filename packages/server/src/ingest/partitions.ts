import { DAY_MS } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Positions are partitioned by company, then by UTC day: retention drops whole day tables.
 * Names are derived, never user-supplied, so they can be formatted into DDL safely.
 */
export const companyPartition = (companyId: number, parent = "positions"): string =>
  `${parent}_c${companyId}`;

export function dayPartition(companyId: number, dayStart: number, parent = "positions"): string {
  const d = new Date(dayStart);
  const stamp = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `${companyPartition(companyId, parent)}_d${stamp}`;
}

/**
 * The tables partitioned by company and UTC day that retention drops: positions, and the derived history kept
 * from them (migration 014, derived/partitions.ts), so a report never outlives the positions it came from.
 */
export const DAY_PARTITIONED_TABLES = [
  "positions",
  "item_trips",
  "item_stops",
  "item_idles",
  "item_visits",
  "item_driving_events",
  "item_days",
  "heat_cells",
] as const;

export const dayStartOf = (ts: number): number => Math.floor(ts / DAY_MS) * DAY_MS;

/** The start of the oldest day a company keeping `retentionDays` still has: anything before it is deleted. */
export const retentionHorizon = (retentionDays: number, now: number): number =>
  dayStartOf(now - retentionDays * DAY_MS);

/** Remembers which partitions exist so the hot path issues DDL only for a new company-day. */
export class PartitionManager {
  private readonly known = new Set<string>();

  /** `table`: positions or a derived table (DAY_PARTITIONED_TABLES); `rangeColumn`: its time column. */
  async ensure(
    db: Queryable,
    companyId: number,
    ts: number,
    table: (typeof DAY_PARTITIONED_TABLES)[number] = "positions",
    rangeColumn = "ts",
  ): Promise<void> {
    const day = dayStartOf(ts);
    const name = dayPartition(companyId, day, table);
    if (this.known.has(name)) return;
    const parent = companyPartition(companyId, table);
    if (!this.known.has(parent)) {
      await db.query(
        `create table if not exists ${parent} partition of ${table} for values in (${companyId}) partition by range (${rangeColumn})`,
      );
      this.known.add(parent);
    }
    await db.query(
      `create table if not exists ${name} partition of ${parent} for values from (${day}) to (${day + DAY_MS})`,
    );
    this.known.add(name);
  }

  forget(name: string): void {
    this.known.delete(name);
  }
}

/** How long quarantined frames of devices on no company are kept. */
const ORPHAN_QUARANTINE_DAYS = 30;

/**
 * Drops the day partitions (positions and derived history) of each company that lie wholly before its retention
 * horizon, and its older events and quarantined frames.
 */
export async function dropExpiredPartitions(
  db: Queryable,
  partitions: PartitionManager,
  now: number,
): Promise<string[]> {
  const companies = await db.query<{ id: number; retention_days: number }>(
    "select id, retention_days from companies",
  );
  const tables = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relname ~ '^(${DAY_PARTITIONED_TABLES.join("|")})_c[0-9]+_d[0-9]{8}$'
       and c.relnamespace = current_schema()::regnamespace`,
  );
  const dropped: string[] = [];
  for (const company of companies) {
    const horizon = retentionHorizon(company.retention_days, now);
    const suffix = `_c${company.id}_d`;
    for (const { name } of tables) {
      const at = name.lastIndexOf(suffix);
      if (at < 0 || !DAY_PARTITIONED_TABLES.some((t) => t === name.slice(0, at))) continue;
      const stamp = name.slice(at + suffix.length);
      const day = Date.UTC(
        Number(stamp.slice(0, 4)),
        Number(stamp.slice(4, 6)) - 1,
        Number(stamp.slice(6, 8)),
      );
      if (day + DAY_MS <= horizon) {
        await db.query(`drop table if exists ${name}`);
        partitions.forget(name);
        dropped.push(name);
      }
    }
    await db.query("delete from events where company_id = $1 and ts < $2", [company.id, horizon]);
    await db.query("delete from heat_days where company_id = $1 and day_start_ts < $2", [
      company.id,
      horizon,
    ]);
    // Where history could be derived again from: the positions before the horizon are gone with their partitions.
    await db.query("delete from derived_checkpoints where company_id = $1 and ts < $2", [
      company.id,
      horizon,
    ]);
    await db.query("delete from position_day_changes where company_id = $1 and day_start_ts < $2", [
      company.id,
      horizon,
    ]);
    await db.query("delete from ingest_quarantine where company_id = $1 and received_ts < $2", [
      company.id,
      horizon,
    ]);
  }
  // Quarantined frames of devices on no company belong to no retention setting: a month is enough to look.
  await db.query("delete from ingest_quarantine where company_id is null and received_ts < $1", [
    now - ORPHAN_QUARANTINE_DAYS * DAY_MS,
  ]);
  return dropped;
}
