import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { Database } from "../kernel/db/database.ts";
import { type CellRow, isCellHeader, parseCellRow } from "./cell-csv.ts";
import { isWifiHeader, parseWifiRow, type WifiRow } from "./wifi-csv.ts";

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

/** What differs between the two tables a file can fill: how a line reads and how a batch is stored. */
interface TableImport<Row> {
  /** Prefix of the resume key in `cell_imports` (empty for cells, which came first). */
  keyPrefix: string;
  isHeader(line: string): boolean;
  parse(line: string): Row | string;
  /** One statement storing a batch given as `$1::jsonb`. */
  upsert: string;
  /** The row's primary key: one statement cannot update the same row twice, so the last one in a batch wins. */
  keyOf(row: Row): string;
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
export const importCells = (
  db: Database,
  path: string,
  now: () => number,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportSummary> => importTable(CELLS, db, path, now, onProgress);

/** Imports a BSSID table (`wifi-csv.ts`) into `wifi_aps`, with the same guarantees as the cell import. */
export const importWifi = (
  db: Database,
  path: string,
  now: () => number,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportSummary> => importTable(WIFI, db, path, now, onProgress);

const CELLS: TableImport<CellRow> = {
  keyPrefix: "",
  isHeader: isCellHeader,
  parse: parseCellRow,
  upsert: `insert into cell_towers as t (radio, mcc, mnc, lac, cid, lat, lng, range, samples, updated_ts)
  select r.radio, r.mcc, r.mnc, r.lac, r.cid, r.lat, r.lng, r.range, r.samples, r."updatedTs"
  from jsonb_to_recordset($1::jsonb) as r(radio text, mcc int, mnc int, lac int, cid bigint,
    lat float8, lng float8, range int, samples int, "updatedTs" bigint)
  on conflict (mcc, mnc, lac, cid) do update set radio = excluded.radio, lat = excluded.lat, lng = excluded.lng,
    range = excluded.range, samples = excluded.samples, updated_ts = excluded.updated_ts
  where excluded.updated_ts >= t.updated_ts`,
  keyOf: (row) => `${row.mcc}:${row.mnc}:${row.lac}:${row.cid}`,
};

const WIFI: TableImport<WifiRow> = {
  keyPrefix: "wifi:",
  isHeader: isWifiHeader,
  parse: parseWifiRow,
  upsert: `insert into wifi_aps as w (mac, lat, lng, range, samples, updated_ts)
  select r.mac, r.lat, r.lng, r.range, r.samples, r."updatedTs"
  from jsonb_to_recordset($1::jsonb) as r(mac text, lat float8, lng float8, range int, samples int, "updatedTs" bigint)
  on conflict (mac) do update set lat = excluded.lat, lng = excluded.lng, range = excluded.range,
    samples = excluded.samples, updated_ts = excluded.updated_ts
  where excluded.updated_ts >= w.updated_ts`,
  keyOf: (row) => row.mac,
};

async function importTable<Row>(
  table: TableImport<Row>,
  db: Database,
  path: string,
  now: () => number,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportSummary> {
  const info = await stat(path);
  const fileKey = `${table.keyPrefix}${basename(path)}:${info.size}:${Math.round(info.mtimeMs)}`;
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
  let batch: Row[] = [];
  let seen = 0;
  const flush = async (done: boolean) => {
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      if (rows.length > 0) await tx.query(table.upsert, [JSON.stringify(lastPerKey(rows, table.keyOf))]);
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
    if (line.trim() === "" || (seen === 1 && table.isHeader(line))) continue;
    const row = table.parse(line);
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

function lastPerKey<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return [...byKey.values()];
}
