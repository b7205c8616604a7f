/**
 * Binary-coded decimal, two digits a byte, as several protocols write dates and numbers. Read byte by byte: going
 * through hex text and a pattern was a visible share of their decode.
 */

/** One BCD byte as its two-digit value (0-99), or -1 when a nibble is not a digit. */
export function bcdByte(byte: number): number {
  const high = byte >> 4;
  const low = byte & 0x0f;
  return high > 9 || low > 9 ? -1 : high * 10 + low;
}

/**
 * Six BCD bytes from `at` as [yy, mm, dd, hh, mi, ss] (each 0-99, not checked as a date), or null when a nibble is
 * not a digit or the bytes are not all there.
 */
export function bcdTime(bytes: Uint8Array, at = 0): [number, number, number, number, number, number] | null {
  if (at + 6 > bytes.length) return null;
  const parts: [number, number, number, number, number, number] = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 6; i++) {
    const pair = bcdByte(bytes[at + i] ?? 0xff);
    if (pair < 0) return null;
    parts[i] = pair;
  }
  return parts;
}
