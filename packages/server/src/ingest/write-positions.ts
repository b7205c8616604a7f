import type { Database } from "../kernel/db/database.ts";
import type { CommittedPosition } from "../live/index.ts";
import { POSITION_COLUMNS, positionsCsv, positionsJson } from "./position-rows.ts";

/**
 * Writes one batch of positions, all or none, keeping `on conflict do nothing`: a position stored before (a
 * device resending what it was not acknowledged for) must not fail the batch.
 *
 * - PostgreSQL: in one transaction, COPY (CSV text, no per-row objects or JSON) into a session-local staging table
 *   that empties itself at commit, then one `insert … select … on conflict do nothing` (COPY itself cannot skip
 *   duplicates).
 * - PGlite: one `insert … select from jsonb_to_recordset($1)`, on its own: a single statement is atomic, so it
 *   needs no BEGIN and COMMIT, two round trips to the database thread per batch. Its COPY reads from a file
 *   (`/dev/blob`) that it writes for every statement; on disk that file write cost a quarter of the database
 *   thread in the ingest profile, more than the JSON it saves (bench/README.md).
 */
const STAGING = "positions_staging";

/**
 * Inserts the JSON array `positionsJson` writes (keys c, d, it, ii, ts, rt, lat, lng, alt, spd, co, sa, va, sr, at);
 * the ingest journal keeps rows of the same shape and replays them with it. A resend changes nothing.
 */
export const POSITION_JSON_INSERT = `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts,
    lat, lng, alt, spd, course, satt, valid, src, attributes)
  select r.c, r.d, r.it, r.ii, r.ts, r.rt, r.lat, r.lng, r.alt, r.spd, r.co, r.sa, r.va, r.sr, coalesce(r.at, '{}')
  from jsonb_to_recordset($1::jsonb) as r(c int, d int, it smallint, ii int, ts bigint, rt bigint,
    lat float8, lng float8, alt float8, spd float8, co float8, sa smallint, va boolean, sr smallint, at jsonb)
  on conflict do nothing`;
const COLUMNS = POSITION_COLUMNS.join(", ");
/**
 * PostgreSQL sessions whose staging table exists (a committed batch made it there): asking for it again with
 * `create … if not exists` was one round trip of five per batch.
 */
const staged = new WeakSet<object>();

/**
 * Returns the JSON text the PGlite insert read (the ingest journal keeps that very text rather than writing the
 * rows again), null on PostgreSQL.
 */
export async function writePositions(
  db: Database,
  positions: readonly CommittedPosition[],
): Promise<string | null> {
  if (positions.length === 0) return null;
  if (db.kind === "pglite") {
    const json = positionsJson(positions);
    await db.query(POSITION_JSON_INSERT, [json]);
    return json;
  }
  let session: object | undefined;
  await db.transaction(async (tx) => {
    session = tx.session;
    // Temporary: per session, invisible to others; `on commit delete rows` leaves it empty for the next batch.
    if (session === undefined || !staged.has(session))
      await tx.query(
        `create temp table if not exists ${STAGING} (like positions including defaults) on commit delete rows`,
      );
    await tx.copyFromCsv(STAGING, POSITION_COLUMNS, positionsCsv(positions));
    await tx.query(
      `insert into positions (${COLUMNS}) select ${COLUMNS} from ${STAGING} on conflict do nothing`,
    );
  });
  // Only once committed: a rolled-back transaction takes the table's creation with it.
  if (session !== undefined) staged.add(session);
  return null;
}
