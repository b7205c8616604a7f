import { type ReportCell, type ReportColumnKind, reportCellText } from "@vigia/domain";

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd HH:mm:ss in the report's time zone. */
export function formatStamp(ts: number, timezone: string): string {
  let f = stampFormats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat("sv-SE", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    stampFormats.set(timezone, f);
  }
  return f.format(ts);
}

/**
 * A cell as text for CSV and PDF: the same rules the screen uses, numbers in the report's language for a PDF
 * and machine text (null) for a CSV.
 */
export function cellText(
  value: ReportCell,
  kind: ReportColumnKind,
  timezone: string,
  lang: string | null,
): string {
  return reportCellText(value, kind, (ts) => formatStamp(ts, timezone), lang);
}
