import { formatNumber } from "@vigia/domain";

/** A duration as h:mm (driving hours over a period can pass a day), the hours in the language's format. Pure. */
export function formatHours(ms: number, lang: string): string {
  const minutes = Math.round(ms / 60_000);
  return `${formatNumber(Math.floor(minutes / 60), lang)}:${String(minutes % 60).padStart(2, "0")} h`;
}
