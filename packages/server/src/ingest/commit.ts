import type { QuarantineReason } from "@vigia/domain";
import { type DecodedPosition, deviceAttributes, deviceText } from "@vigia/protocols";
import { type Database, DbError, type Queryable } from "../kernel/db/database.ts";
import { dayStartOf, type PartitionManager } from "./partitions.ts";
import { positionProblem } from "./position-checks.ts";
import { rawFrameOf } from "./raw-frame.ts";
import type { DeviceBinding } from "./registry.ts";
import { writePositions } from "./write-positions.ts";

/** One position on its way to the database, with what the quarantine keeps if it cannot be stored. */
export interface CandidateRow {
  binding: DeviceBinding;
  position: DecodedPosition;
  receivedTs: number;
  protocol: string;
  /** The frame the position came in, when the listener passed it. */
  raw: Buffer | string | null;
}

export interface CommitOutcome {
  /** Stored (or already there: a resend), in the order given. */
  committed: CandidateRow[];
  /**
   * The committed rows as the JSON array the PGlite insert read (`positionsJson`), when one statement stored them
   * all; null otherwise (PostgreSQL, or a batch split around a refused row).
   */
  json: string | null;
  /** Kept apart in `ingest_quarantine`, each with its reason. */
  quarantined: { row: CandidateRow; reason: QuarantineReason; error: string }[];
}

/** Below this many rows a failed insert is retried row by row; above, it is split in halves. */
const ROW_BY_ROW = 8;
/** Longest database error kept with a quarantined row. */
const MAX_ERROR = 500;

/**
 * Errors that belong to a row's content rather than to the database: data exceptions (class 22: bad
 * encoding, bad JSON, numbers out of range), integrity violations (class 23) and program limits (54: a value
 * too large). Anything else (connection lost, disk full, shutdown) fails the whole batch, unanswered, so the
 * devices resend; quarantining good rows for an outage would lose them.
 */
export function isRowError(error: unknown): boolean {
  const code = error instanceof DbError ? (error.code ?? "") : "";
  return code.startsWith("22") || code.startsWith("23") || code.startsWith("54");
}

const errorText = (error: unknown): string =>
  deviceText(error instanceof Error ? error.message : String(error), MAX_ERROR);

/**
 * Inserts the rows so that one the database refuses cannot take the others with it: the whole set first (one
 * statement, the normal case), and on a row error the halves, down to single rows, each its own statement.
 * Returns the refused rows with the database's error, and the JSON the insert read when one statement stored all.
 */
async function insertIsolated(
  db: Database,
  rows: readonly CandidateRow[],
): Promise<{ stored: CandidateRow[]; refused: { row: CandidateRow; error: string }[]; json: string | null }> {
  if (rows.length === 0) return { stored: [], refused: [], json: null };
  try {
    // One attempt is atomic (writePositions): all of its rows are stored or none.
    const json = await writePositions(db, rows);
    return { stored: [...rows], refused: [], json };
  } catch (error) {
    if (!isRowError(error)) throw error;
    if (rows.length === 1)
      return { stored: [], refused: [{ row: rows[0]!, error: errorText(error) }], json: null };
    const parts =
      rows.length <= ROW_BY_ROW
        ? rows.map((row) => [row])
        : [rows.slice(0, rows.length >> 1), rows.slice(rows.length >> 1)];
    const stored: CandidateRow[] = [];
    const refused: { row: CandidateRow; error: string }[] = [];
    for (const part of parts) {
      const out = await insertIsolated(db, part);
      stored.push(...out.stored);
      refused.push(...out.refused);
    }
    return { stored, refused, json: null };
  }
}

/** The position as the quarantine keeps it: cleaned text, non-finite numbers as null (JSON has no NaN). */
function quarantinedPosition(position: DecodedPosition): Record<string, unknown> {
  const { ts, lat, lng, alt, spd, course, satt, valid } = position;
  return { ts, lat, lng, alt, spd, course, satt, valid, attributes: deviceAttributes(position.attributes) };
}

/** Writes quarantined rows; everything in them was cleaned, so the statement cannot fail on content. */
export async function writeQuarantine(db: Queryable, entries: CommitOutcome["quarantined"]): Promise<void> {
  if (entries.length === 0) return;
  const encoded = entries.map(({ row, reason, error }) => {
    const raw = row.raw === null ? null : rawFrameOf(row.raw);
    return {
      c: row.binding.companyId,
      d: row.binding.deviceRowId,
      i: deviceText(row.binding.imei, 64),
      p: deviceText(row.protocol, 32),
      r: reason,
      e: error,
      f: raw?.format ?? null,
      w: raw?.data ?? null,
      o: quarantinedPosition(row.position),
      t: row.receivedTs,
    };
  });
  await db.query(
    `insert into ingest_quarantine (company_id, device_id, imei, protocol, reason, error, raw_format, raw, position,
       received_ts)
     select r.c, r.d, r.i, r.p, r.r, r.e, r.f, r.w, r.o, r.t
     from jsonb_to_recordset($1::jsonb) as r(c int, d int, i text, p text, r text, e text, f text, w text, o jsonb,
       t bigint)`,
    [JSON.stringify(encoded)],
  );
}

/**
 * Commits a batch so that every row ends either stored or quarantined, each position answered to its device:
 * rows that fail the checks (time, coordinates) and rows the database refuses go to the quarantine with their
 * reason, the others are stored. Throws only when the database itself fails; then nothing is to be answered.
 */
export async function commitPositions(
  db: Database,
  /** Creates a company-day partition; the processor serialises it, as two commits may need the same one. */
  partitions: Pick<PartitionManager, "ensure">,
  rows: readonly CandidateRow[],
  now: number,
): Promise<CommitOutcome> {
  const quarantined: CommitOutcome["quarantined"] = [];
  const candidates: CandidateRow[] = [];
  for (const row of rows) {
    const reason = positionProblem(row.position, now);
    if (reason === null) candidates.push(row);
    else quarantined.push({ row, reason, error: "" });
  }
  // Partitions are created outside any transaction that may roll back: the manager remembers what it made.
  // Company → day starts, numbers only: a batch holds thousands of rows and a handful of days.
  const days = new Map<number, Set<number>>();
  for (const r of candidates) {
    const companyId = r.binding.companyId ?? 0;
    let starts = days.get(companyId);
    if (!starts) {
      starts = new Set();
      days.set(companyId, starts);
    }
    starts.add(dayStartOf(r.position.ts));
  }
  for (const [companyId, starts] of days)
    for (const dayStart of starts) await partitions.ensure(db, companyId, dayStart);
  const { stored, refused, json } = await insertIsolated(db, candidates);
  for (const { row, error } of refused) quarantined.push({ row, reason: "database", error });
  await writeQuarantine(db, quarantined);
  return { committed: stored, quarantined, json };
}

/** Records the first connection of devices heard for the first time (the binding caches it). */
export async function markFirstSeen(
  db: Queryable,
  bindings: readonly DeviceBinding[],
  now: number,
): Promise<void> {
  const first = bindings.filter((b) => b.firstConnectTs === null);
  if (first.length === 0) return;
  await db.query(
    "update devices set first_connect_ts = $2 where id = any($1::int[]) and first_connect_ts is null",
    [[...new Set(first.map((b) => b.deviceRowId))], now],
  );
  for (const binding of first) binding.firstConnectTs ??= now;
}
