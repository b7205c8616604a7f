import { deviceText, MAX_DEVICE_ID, MAX_TEXT_VALUE } from "../shared/text.ts";
import type { Attributes, DecodedPosition } from "../shared/types.ts";

/**
 * Field helpers the text protocols share: NMEA-style ddmm.mmmm coordinates with hemispheres, device dates and
 * times (always UTC), knots, and one validating position builder, so every text decoder rejects the same
 * nonsense the same way. All pure; none throws.
 */

export const KNOTS_TO_KMH = 1.852;

/** A strict decimal number ("12", "-3.5", ".5"); anything else (empty, "NA", "1e9", "0x10") is null. */
export function num(text: string | undefined): number | null {
  if (text === undefined || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A measured field of a fix; unreadable: NaN, so the ingest's checks quarantine the position with its reason. */
export function measured(text: string | undefined): number {
  return num(text) ?? Number.NaN;
}

/** An unsigned decimal integer of at most 15 digits, or null. */
export function int(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** A hex number of at most 13 digits (so it stays exact), or null. */
export function hexInt(text: string | undefined): number | null {
  return text !== undefined && /^[0-9a-fA-F]{1,13}$/.test(text) ? Number.parseInt(text, 16) : null;
}

/**
 * NMEA coordinate "ddmm.mmmm" (latitude) or "dddmm.mmmm" (longitude) with its hemisphere letter → signed degrees.
 * Firmware drops leading zeros, so the degrees may have fewer digits or none ("38.6508" is 0° 38.6508'). Minutes
 * must be below 60; null for anything malformed.
 */
export function nmeaDegrees(value: string | undefined, hemisphere: string | undefined): number | null {
  const m = value === undefined ? null : /^(\d{0,3})(\d\d(?:\.\d+)?)$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[2]);
  if (minutes >= 60) return null;
  const deg = Number(m[1]) + minutes / 60;
  if (hemisphere === "N" || hemisphere === "E") return deg;
  if (hemisphere === "S" || hemisphere === "W") return -deg;
  return null;
}

/**
 * Decimal degrees with a hemisphere letter → signed degrees. Firmware writes them several ways: `48.77,N`,
 * ` 9.15,E` (padded with a space), `-84.14,W` (its own sign as well as the letter) and `-33.48,N` (a signed value
 * beside a letter the firmware never changes). A value written with a minus sign is therefore taken as signed
 * already; otherwise the letter gives the sign. An empty letter leaves the value as written; null if malformed.
 */
export function signedDegrees(
  value: string | undefined,
  hemisphere: string | undefined,
  negative: "S" | "W",
): number | null {
  const text = value?.trim();
  const deg = num(text);
  const letter = hemisphere?.trim() ?? "";
  if (deg === null || !/^[NSEW]?$/.test(letter)) return null;
  if (text?.startsWith("-")) return deg;
  return letter === negative ? -deg : deg;
}

/** Signed degrees → NMEA text with four decimals of minutes and the hemisphere letter. */
export function formatNmea(deg: number, isLat: boolean): { value: string; hemisphere: string } {
  const abs = Math.abs(deg);
  let d = Math.floor(abs);
  let minutes = Math.round((abs - d) * 60 * 10000) / 10000;
  if (minutes >= 60) {
    d += 1;
    minutes = 0;
  }
  const [whole, frac] = minutes.toFixed(4).split(".");
  return {
    value: `${String(d).padStart(isLat ? 2 : 3, "0")}${(whole ?? "0").padStart(2, "0")}.${frac}`,
    hemisphere: isLat ? (deg < 0 ? "S" : "N") : deg < 0 ? "W" : "E",
  };
}

/** Date "ddmmyy" (or "yymmdd" with `order`) and time "hhmmss[.sss]", both UTC → epoch ms, or null. */
export function utcMs(
  date: string | undefined,
  time: string | undefined,
  order: "dmy" | "ymd" = "dmy",
): number | null {
  const d = date === undefined ? null : /^(\d\d)(\d\d)(\d\d)$/.exec(date);
  const t = time === undefined ? null : /^(\d\d)(\d\d)(\d\d)(?:\.(\d{1,3}))?$/.exec(time);
  if (!d || !t) return null;
  const [day, month, yy] = order === "dmy" ? [d[1], d[2], d[3]] : [d[3], d[2], d[1]];
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const mo = Number(month);
  const dd = Number(day);
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ms = t[4] ? Number(t[4].padEnd(3, "0")) : 0;
  const ts = Date.UTC(2000 + Number(yy), mo - 1, dd, h, mi, s, ms);
  // Date.UTC rolls 31 February over into March; a date that does not exist is corrupt.
  return new Date(ts).getUTCDate() === dd ? ts : null;
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Epoch ms → { date "ddmmyy", time "hhmmss", ymd "yymmdd" } in UTC. */
export function formatUtc(ms: number): { date: string; time: string; ymd: string } {
  const d = new Date(ms);
  const yy = pad2(d.getUTCFullYear() % 100);
  return {
    date: `${pad2(d.getUTCDate())}${pad2(d.getUTCMonth() + 1)}${yy}`,
    ymd: `${yy}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`,
    time: `${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`,
  };
}

/** A device id as text protocols send it: letters and digits only, at most MAX_DEVICE_ID. */
export function deviceId(text: string | undefined): string | null {
  if (text === undefined) return null;
  const id = deviceText(text, MAX_DEVICE_ID);
  return /^[0-9A-Za-z]{1,64}$/.test(id) && id === text ? id : null;
}

/** A free text field from a device, cleaned. */
export const fieldText = (text: string): string => deviceText(text, MAX_TEXT_VALUE);

export interface TextFix {
  ts: number;
  lat: number;
  lng: number;
  /** km/h, already converted. */
  spd: number;
  course: number;
  alt?: number;
  satt?: number;
  valid: boolean;
}

/**
 * The one position builder of the text protocols: null for non-finite values, latitudes/longitudes out of
 * range or a missing time; course folded into 0-359, speed rounded to 0.01 km/h and never negative.
 * An invalid fix, or one at 0,0, is kept with `src` 2 (GPS without fix), as with the binary protocols.
 */
export function textPosition(fix: TextFix, attributes: Attributes): DecodedPosition | null {
  const { ts, lat, lng, spd, course } = fix;
  const alt = fix.alt ?? 0;
  const satt = fix.satt ?? 0;
  if (![ts, lat, lng, spd, course, alt, satt].every(Number.isFinite)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const valid = fix.valid && !(lat === 0 && lng === 0);
  return {
    ts,
    lat,
    lng,
    alt,
    spd: Math.max(0, Math.round(spd * 100) / 100),
    course: ((Math.round(course) % 360) + 360) % 360,
    satt: Math.max(0, Math.round(satt)),
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
}
