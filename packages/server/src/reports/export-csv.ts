import { Readable } from "node:stream";
import { columnLabel, neutraliseCell, type ReportResult, reportWords } from "@vigia/domain";
import { cellText } from "./cells.ts";

const quote = (text: string): string => (/[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The report as CSV (UTF-8 with BOM so spreadsheets read accents), produced line by line as it is read. */
export function reportCsv(result: ReportResult, lang: string, timezone: string): Readable {
  const words = reportWords(lang);
  function* lines(): Generator<string> {
    yield `\uFEFF${result.columns.map((c) => quote(columnLabel(words, lang, c.key))).join(",")}\r\n`;
    for (const row of result.rows) {
      yield `${row.map((v, i) => quote(neutraliseCell(cellText(v, result.columns[i]!.kind, timezone)))).join(",")}\r\n`;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
