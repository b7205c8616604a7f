import { DecodeError, type Reader } from "../shared/reader.ts";

/* Fields every Topflytech packet writes the same way. */

/** One BCD byte as its two-digit value (0-99), or -1 when a nibble is not a digit. */
function bcdByte(byte: number): number {
  const high = byte >> 4;
  const low = byte & 0x0f;
  return high > 9 || low > 9 ? -1 : high * 10 + low;
}

/** Two BCD digits per byte; null when a nibble is not a digit. Read byte by byte: no hex text, no pattern. */
export function bcd(bytes: Buffer): number | null {
  let value = 0;
  for (let i = 0; i < bytes.length; i++) {
    const pair = bcdByte(bytes[i] ?? 0xff);
    if (pair < 0) return null;
    value = value * 100 + pair;
  }
  return value;
}

/** The time as yymmddhhmmss in BCD, UTC; a date that does not exist is an error. */
export function readDate(r: Reader): number {
  const b = r.bytes(6);
  const y = bcdByte(b[0] ?? 0xff);
  const mo = bcdByte(b[1] ?? 0xff);
  const day = bcdByte(b[2] ?? 0xff);
  const h = bcdByte(b[3] ?? 0xff);
  const mi = bcdByte(b[4] ?? 0xff);
  const s = bcdByte(b[5] ?? 0xff);
  if (y < 0 || mo < 0 || day < 0 || h < 0 || mi < 0 || s < 0) throw new DecodeError("bad date");
  if (mo < 1 || mo > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 59)
    throw new DecodeError("bad date");
  return Date.UTC(2000 + y, mo - 1, day, h, mi, s);
}
