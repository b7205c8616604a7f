import { bcdByte, bcdTime } from "../shared/bcd.ts";
import { DecodeError, type Reader } from "../shared/reader.ts";

/* Fields every Topflytech packet writes the same way. */

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
  const time = bcdTime(r.bytes(6));
  if (time === null) throw new DecodeError("bad date");
  const [y, mo, day, h, mi, s] = time;
  if (mo < 1 || mo > 12 || day < 1 || day > 31 || h > 23 || mi > 59 || s > 59)
    throw new DecodeError("bad date");
  return Date.UTC(2000 + y, mo - 1, day, h, mi, s);
}
