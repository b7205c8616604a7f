import { LANGUAGES, type Language } from "@vigia/domain";

/**
 * What every capability needs to write a mail in its recipient's language and time zone: the user's
 * `language` (unknown ones read as English) and a date-time in the user's `timezone`. The texts themselves are
 * in `kernel/locales/`.
 */
export const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : "en";

/** "2026-01-15 10:00:00" in the recipient's zone. */
export function formatInZone(ts: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(ts);
  const v = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${v("year")}-${v("month")}-${v("day")} ${v("hour")}:${v("minute")}:${v("second")}`;
}

/** Fills `{name}` placeholders of a text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}
