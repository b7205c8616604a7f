import { formatDistanceIn, formatNumber, formatOneDecimal } from "../format/numbers.ts";
import type { ReportCell, ReportColumnKind } from "./result.ts";

/**
 * How report values are shown: durations d h:mm:ss, distances in km with one decimal above 1000 m,
 * fuel with one decimal and trailing zeros trimmed, average consumption in the company's unit.
 */

/** 93784000 ms → "1d 2:03:04"; under a day "2:03:04". Negative or missing values show as "0:00:00". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}

/** 850 → "850 m", 12345 → "12.3 km" ("12,3 km" in Spanish); `lang` null: machine text. */
export function formatReportDistance(metres: number, lang: string | null = null): string {
  return formatDistanceIn(metres, lang);
}

/** One decimal, trailing zero trimmed: 12.04 → "12", 12.35 → "12.4"; in the language's format. */
export function formatFuel(litres: number, lang: string | null = null): string {
  return formatOneDecimal(litres, lang);
}

/** Fuel units: 0 is L/100km, 1 is km/L. */
export type FuelUnit = 0 | 1;

/**
 * Average consumption in the company's unit, from litres used over metres driven; null when it cannot be
 * told (no distance or no fuel). km/L is 100 divided by L/100km.
 */
export function averageConsumption(litres: number | null, metres: number, unit: FuelUnit): number | null {
  if (litres === null || litres <= 0 || metres <= 0) return null;
  const per100 = (litres * 100_000) / metres;
  return Math.round((unit === 1 ? 100 / per100 : per100) * 10) / 10;
}

/**
 * A report cell as text, the same for the screen, CSV and PDF; `stamp` formats a time in the report's zone
 * the way each side shows dates; numbers follow `lang` (the reader's language), or machine text when null.
 */
export function reportCellText(
  value: ReportCell,
  kind: ReportColumnKind,
  stamp: (ts: number) => string,
  lang: string | null,
): string {
  if (value === null || value === "") return "";
  if (typeof value === "string") return value;
  switch (kind) {
    case "datetime":
      return stamp(value);
    case "duration":
      return formatDuration(value);
    case "distance":
      return formatReportDistance(value, lang);
    case "fuel":
    case "consumption":
      return formatFuel(value, lang);
    case "speed":
      return formatNumber(Math.trunc(value), lang);
    case "score":
      return formatNumber(value, lang, 1, true);
    case "coordinates":
      // Coordinates keep the dot in every language, the way maps and GPS devices take them back.
      return String(value);
    default:
      return formatNumber(value, lang, 3);
  }
}
