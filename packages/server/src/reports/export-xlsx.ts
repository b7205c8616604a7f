import { PassThrough, type Readable } from "node:stream";
import {
  columnLabel,
  DAY_MS,
  neutraliseCell,
  type ReportCell,
  type ReportColumnKind,
  type ReportResult,
  reportWords,
} from "@vigia/domain";
import ExcelJS from "exceljs";
import { localEpoch } from "./builders/records.ts";

/** Excel number formats per column kind: numbers stay numbers, dates dates, durations [h]:mm:ss. */
const NUM_FMT: Partial<Record<ReportColumnKind, string>> = {
  datetime: "yyyy-mm-dd hh:mm:ss",
  date: "yyyy-mm-dd",
  duration: "[h]:mm:ss",
  distance: "0.0",
  fuel: "0.0",
  consumption: "0.0",
  score: "0.0",
  odometer: "0.0",
  hours: "0.0",
  speed: "0",
};

/** A typed cell: epoch ms become the local wall-clock Date (Excel has no zones), durations fractions of a day. */
function typed(value: ReportCell, kind: ReportColumnKind, timezone: string): string | number | Date | null {
  if (value === null) return null;
  if (typeof value === "string") {
    if (kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
    return neutraliseCell(value);
  }
  switch (kind) {
    case "datetime":
      return new Date(localEpoch(value, timezone));
    case "duration":
      return value / DAY_MS;
    case "distance":
      return Math.round(value / 100) / 10;
    default:
      return value;
  }
}

/**
 * The report as XLSX through ExcelJS's streaming writer: each row is committed as it is written, so memory
 * stays bounded whatever the row count. Distances are written in km.
 */
export function reportXlsx(result: ReportResult, lang: string, timezone: string): Readable {
  const words = reportWords(lang);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(words.titles[result.type].slice(0, 31).replace(/[[\]*?/\\:]/g, " "));
  sheet.columns = result.columns.map((c) => ({
    header:
      c.kind === "distance" ? `${columnLabel(words, lang, c.key)} (km)` : columnLabel(words, lang, c.key),
    key: c.key,
    width: c.kind === "text" ? 28 : 18,
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind]! } : {},
  }));
  void (async () => {
    try {
      for (const [n, row] of result.rows.entries()) {
        sheet.addRow(row.map((v, i) => typed(v, result.columns[i]!.kind, timezone))).commit();
        // Let the stream drain now and then rather than buffering the whole sheet.
        if (n % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
