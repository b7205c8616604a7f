import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { Database } from "../kernel/db/database.ts";
import { type CellRow, isCellHeader, parseCellRow } from "./cell-csv.ts";

/** Rows per upsert (and per saved resume point). */
export const IMPORT_BATCH = 2000;
/** Error texts kept for the summary (the count is exact). */
const MAX_ERROR_SAMPLES = 10;

export interface ImportProgress {
  /** Lines read so far (header included), over every run of this file. */
  lines: number;
  imported: number;
  errors: number;
  /** Bytes of the file (compressed, for .gz) read and its size. */
  bytesRead: number;
  size: number;
}

export interface ImportSummary extends ImportProgress {
  /** Lines skipped because an earlier run had imported them. */
  resumedAt: number;
  alreadyDone: boolean;
  errorSamples: string[];
}

/**
 * Imports an OpenCellID-format CSV (optionally gzip-compressed) into `cell_towers`, streamed line by line.
 *
 * - Idempotent: rows are upserted by (mcc, mnc, lac, cid); a row never overwrites a newer one (`updated`).
 * - Resumable: each batch commits together with the line count it reached (`cell_imports`, keyed by the file's
 *   name, size and modification time), so a run that stopped resumes after the last committed batch, and a file
 *   imported completely is not read again. Gzip cannot seek, so resuming re-reads and skips the lines.
 * - A bad row is counted (with a few samples) and skipped; it never stops the import.
 */
export async function importCells(
  db: Database,
  path: string,
  now: () => number,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportSummary> {
  const info = await stat(path);
  const fileKey = `${basename(path)}:${info.size}:${Math.round(info.mtimeMs)}`;
  const saved = await db.query<{ lines: string; imported: string; errors: string; done: boolean }>(
    "select lines, imported, errors, done from cell_imports where file_key = $1",
    [fileKey],
  );
  const start = saved[0];
  const progress: ImportProgress = {
    lines: Number(start?.lines ?? 0),
    imported: Number(start?.imported ?? 0),
    errors: Number(start?.errors ?? 0),
    bytesRead: 0,
    size: info.size,
  };
  const summary = (alreadyDone: boolean): ImportSummary => ({
    ...progress,
    resumedAt,
    alreadyDone,
    errorSamples,
  });
  const resumedAt = progress.lines;
  const errorSamples: string[] = [];
  if (start?.done) return summary(true);

  const file = createReadStream(path);
  const text = path.endsWith(".gz") ? file.pipe(createGunzip()) : file;
  file.on("error", (error) => text.destroy(error));
  const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });
  let batch: CellRow[] = [];
  let seen = 0;
  const flush = async (done: boolean) => {
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      if (rows.length > 0) await tx.query(UPSERT, [JSON.stringify(oneRowPerCell(rows))]);
      await tx.query(
        `insert into cell_imports (file_key, lines, bytes, imported, errors, done, updated_ts)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (file_key) do update set lines = excluded.lines, bytes = excluded.bytes,
           imported = excluded.imported, errors = excluded.errors, done = excluded.done,
           updated_ts = excluded.updated_ts`,
        [
          fileKey,
          progress.lines,
          file.bytesRead,
          progress.imported + rows.length,
          progress.errors,
          done,
          now(),
        ],
      );
    });
    progress.imported += rows.length;
    progress.bytesRead = file.bytesRead;
    onProgress({ ...progress });
  };
  for await (const line of lines) {
    seen += 1;
    if (seen <= resumedAt) continue;
    progress.lines = seen;
    if (line.trim() === "" || (seen === 1 && isCellHeader(line))) continue;
    const row = parseCellRow(line);
    if (typeof row === "string") {
      progress.errors += 1;
      if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`line ${seen}: ${row}`);
      continue;
    }
    batch.push(row);
    if (batch.length >= IMPORT_BATCH) await flush(false);
  }
  await flush(true);
  return summary(false);
}

/** Upserts a batch (one row per cell); a row older than the stored one (`updated`) leaves it as it is. */
const UPSERT = `insert into cell_towers as t (radio, mcc, mnc, lac, cid, lat, lng, range, samples, updated_ts)
  select r.radio, r.mcc, r.mnc, r.lac, r.cid, r.lat, r.lng, r.range, r.samples, r."updatedTs"
  from jsonb_to_recordset($1::jsonb) as r(radio text, mcc int, mnc int, lac int, cid bigint,
    lat float8, lng float8, range int, samples int, "updatedTs" bigint)
  on conflict (mcc, mnc, lac, cid) do update set radio = excluded.radio, lat = excluded.lat, lng = excluded.lng,
    range = excluded.range, samples = excluded.samples, updated_ts = excluded.updated_ts
  where excluded.updated_ts >= t.updated_ts`;

/** One row per cell (the last one wins): one statement cannot update the same row twice. */
function oneRowPerCell(rows: readonly CellRow[]): CellRow[] {
  const byCell = new Map<string, CellRow>();
  for (const row of rows) byCell.set(`${row.mcc}:${row.mnc}:${row.lac}:${row.cid}`, row);
  return [...byCell.values()];
}
