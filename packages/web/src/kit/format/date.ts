import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The product's one date format: yyyy-MM-dd HH:mm, with seconds where asked, in a time zone. */
export function formatDateTime(ts: number, tz: string, withSeconds = false): string {
  const pattern = withSeconds ? "YYYY-MM-DD HH:mm:ss" : "YYYY-MM-DD HH:mm";
  try {
    return dayjs(ts).tz(tz).format(pattern);
  } catch {
    // An unknown zone name must not break a screen: fall back to UTC.
    return dayjs(ts).utc().format(pattern);
  }
}

const INPUT_PATTERN = "YYYY-MM-DDTHH:mm";

/** An instant as the value of a datetime-local input showing the time in `tz`. */
export function toZonedInput(ts: number, tz: string): string {
  return dayjs(ts).tz(tz).format(INPUT_PATTERN);
}

/** A datetime-local input's value, read as a wall-clock time in `tz`, as epoch ms. */
export function fromZonedInput(value: string, tz: string): number {
  return dayjs.tz(value, tz).valueOf();
}

/** Every IANA zone the browser knows, for the time-zone selectors. */
export function allTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}
