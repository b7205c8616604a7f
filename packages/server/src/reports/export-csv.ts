import { Readable } from "node:stream";
import {
  columnLabel,
  neutraliseCell,
  type ReportCell,
  type ReportColumnKind,
  type ReportResult,
  reportWords,
} from "@vigia/domain";
import { cellText } from "./cells.ts";

const quote = (text: string): string => (/[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Units of the columns whose CSV cells are plain numbers, so a spreadsheet can add them up. */
const CSV_UNITS: Partial<Record<ReportColumnKind, string>> = { distance: "km", fuel: "L", speed: "km/h" };

/** The CSV header of a column: its label, with the unit when its cells are plain numbers. */
export const csvHeader = (label: string, kind: ReportColumnKind): string =>
  CSV_UNITS[kind] ? `${label} (${CSV_UNITS[kind]})` : label;

/** A CSV cell: distances in km, litres and speeds as plain numbers (unit in the header); the rest as on screen. */
export function csvCell(value: ReportCell, kind: ReportColumnKind, timezone: string): string {
  if (typeof value === "number" && CSV_UNITS[kind]) {
    if (kind === "distance") return String(Math.round(value / 100) / 10);
    if (kind === "fuel") return String(Math.round(value * 10) / 10);
    return String(Math.trunc(value));
  }
  return cellText(value, kind, timezone, null);
}

/** The report as CSV (UTF-8 with BOM so spreadsheets read accents), produced line by line as it is read. */
export function reportCsv(result: ReportResult, lang: string, timezone: string): Readable {
  const words = reportWords(lang);
  function* lines(): Generator<string> {
    yield `\uFEFF${result.columns.map((c) => quote(csvHeader(columnLabel(words, lang, c.key), c.kind))).join(",")}\r\n`;
    for (const row of result.rows) {
      yield `${row.map((v, i) => quote(neutraliseCell(csvCell(v, result.columns[i]!.kind, timezone)))).join(",")}\r\n`;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
