import { DecodeError, type Reader } from "../shared/reader.ts";

/* Fields every Topflytech packet writes the same way. */

/** Two BCD digits per byte; null when a nibble is not a digit. */
export function bcd(bytes: Buffer): number | null {
  const text = bytes.toString("hex");
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The time as yymmddhhmmss in BCD, UTC; a date that does not exist is an error. */
export function readDate(r: Reader): number {
  const d = r.bytes(6).toString("hex");
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(d);
  if (!m) throw new DecodeError("bad date");
  const [y, mo, day, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 59)
    throw new DecodeError("bad date");
  return Date.UTC(2000 + y, mo - 1, day, h, mi, s);
}
