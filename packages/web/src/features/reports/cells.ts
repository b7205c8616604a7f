import { type ReportCell, type ReportColumnKind, reportCellText } from "@vigia/domain";
import { formatDateTime } from "../../kit/format/date.ts";

/** A report cell as the table shows it, numbers in the reader's language; sorting uses the raw value. */
export function displayCell(
  value: ReportCell,
  kind: ReportColumnKind,
  timezone: string,
  lang: string,
): string {
  return reportCellText(value, kind, (ts) => formatDateTime(ts, timezone, true), lang);
}
