import {
  formatDuration,
  formatFuel,
  formatReportDistance,
  type ReportCell,
  type ReportColumnKind,
} from "@vigia/domain";

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd HH:mm:ss in the report's time zone (02 §9). */
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

/** A cell as text for CSV and PDF: the same rules the screen uses. */
export function cellText(value: ReportCell, kind: ReportColumnKind, timezone: string): string {
  if (value === null || value === "") return "";
  if (typeof value === "string") return value;
  switch (kind) {
    case "datetime":
      return formatStamp(value, timezone);
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

/**
 * Spreadsheet formula injection (the same rule as the web's table exports): text starting with = + - @ tab or
 * carriage return gets a leading apostrophe unless it is just a number.
 */
export function neutralise(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-]?\d+(?:[.,]\d+)?$/.test(text)) return text;
  return `'${text}`;
}
