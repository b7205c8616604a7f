import type { Transaction } from "../kernel/db/database.ts";
import type { CommittedPosition } from "../live/index.ts";
import { POSITION_COLUMNS, positionsCsv } from "./position-rows.ts";

/**
 * Writes one batch of positions inside the caller's transaction with COPY, keeping `on conflict do nothing`: a
 * position stored before (a device resending what it was not acknowledged for) must not fail the batch, and
 * COPY cannot skip duplicates. So the rows are copied into a session-local staging table that empties itself
 * at commit, then moved with one `insert … select … on conflict do nothing`. Measured against the former
 * `jsonb_to_recordset($1)` of a JSON array in bench/ingest.ts (figures in bench/README.md).
 */
const STAGING = "positions_staging";
const COLUMNS = POSITION_COLUMNS.join(", ");

export async function writePositions(
  tx: Transaction,
  positions: readonly CommittedPosition[],
): Promise<void> {
  if (positions.length === 0) return;
  // Temporary: per session, invisible to others; `on commit delete rows` leaves it empty for the next batch.
  await tx.query(
    `create temp table if not exists ${STAGING} (like positions including defaults) on commit delete rows`,
  );
  await tx.copyFromCsv(STAGING, POSITION_COLUMNS, positionsCsv(positions));
  await tx.query(
    `insert into positions (${COLUMNS}) select ${COLUMNS} from ${STAGING} on conflict do nothing`,
  );
}
