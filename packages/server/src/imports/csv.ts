import { CSV_COLUMNS, type CsvKind, type CsvRowError, splitRows } from "@vigia/domain";
import { parse } from "csv-parse/sync";
import { badRequest } from "../kernel/errors.ts";

/** Files beyond this many data lines are refused before any validation work. */
export const CSV_MAX_ROWS = 50_000;

/**
 * Parses an uploaded CSV (comma or semicolon separated, optional BOM, quoted fields) into trimmed rows of the
 * kind's width. The header is skipped and rows with another column count become row errors, never a failure
 * of the whole file — except a header whose width differs, which means the wrong kind of file.
 */
export function parseCsv(
  kind: CsvKind,
  text: string,
): { rows: { line: number; cells: string[] }[]; errors: CsvRowError[] } {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.split(";").length > firstLine.split(",").length ? ";" : ",";
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    });
  } catch (error) {
    throw badRequest(`csv.unreadable: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest("csv.empty");
  if ((records[0]?.length ?? 0) !== CSV_COLUMNS[kind].length)
    throw badRequest("csv.columnCount", {
      header: `expected ${CSV_COLUMNS[kind].length} columns: ${CSV_COLUMNS[kind].join(",")}`,
    });
  if (records.length - 1 > CSV_MAX_ROWS) throw badRequest("csv.tooManyRows");
  return splitRows(kind, records);
}
