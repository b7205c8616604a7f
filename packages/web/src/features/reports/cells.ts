import { type ReportCell, type ReportColumnKind, reportCellText } from "@vigia/domain";
import { formatDateTime } from "../../kit/format/date.ts";

/** A report cell as the table shows it (02 §9 formats); sorting uses the raw value. */
export function displayCell(value: ReportCell, kind: ReportColumnKind, timezone: string): string {
  return reportCellText(value, kind, (ts) => formatDateTime(ts, timezone, true));
}
