import {
  formatDuration,
  formatFuel,
  formatReportDistance,
  type ReportCell,
  type ReportColumnKind,
} from "@vigia/domain";
import { formatDateTime } from "../../kit/format/date.ts";

/** A report cell as the table shows it (02 §9 formats); sorting uses the raw value. */
export function displayCell(value: ReportCell, kind: ReportColumnKind, timezone: string): string {
  if (value === null || value === "") return "";
  if (typeof value === "string") return value;
  switch (kind) {
    case "datetime":
      return formatDateTime(value, timezone, true);
    case "duration":
      return formatDuration(value);
    case "distance":
      return formatReportDistance(value);
    case "fuel":
    case "consumption":
      return formatFuel(value);
    case "speed":
      return String(Math.trunc(value));
    case "score":
      return value.toFixed(1);
    default:
      return String(value);
  }
}
