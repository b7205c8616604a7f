/**
 * The CRC-16 variants the TCP device protocols use. The reflected ones run a byte at a time through a 256-entry table
 * built here from the bit-by-bit step (eight shifts per byte were a visible share of the ingest profile); so do the
 * EGTS ones, not reflected (they were a visible share of the EGTS decode). `start`/`end` let a caller check a span of
 * a larger buffer without copying it.
 */

/** The reflected polynomial's effect on one byte, for each byte value: eight steps of the bitwise algorithm. */
function reflectedTable(poly: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    table[n] = crc;
  }
  return table;
}
const POLY_A001 = reflectedTable(0xa001);
const POLY_8408 = reflectedTable(0x8408);

function reflected(table: Uint16Array, init: number, data: Uint8Array, start: number, end: number): number {
  let crc = init;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (table[(crc ^ (data[i] ?? 0)) & 0xff] as number);
  return crc;
}

/** CRC-16/ARC a.k.a. CRC-16/IBM: poly 0x8005 reflected (0xA001), init 0, no final xor. Teltonika. */
export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  return reflected(POLY_A001, 0, data, start, end);
}

/** CRC-16/X-25 a.k.a. CRC-ITU in the Concox documents: poly 0x1021 reflected (0x8408), init 0xFFFF, xorout 0xFFFF. GT06. */
export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  return ~reflected(POLY_8408, 0xffff, data, start, end) & 0xffff;
}

/** CRC-16/KERMIT (CRC-CCITT, reflected): poly 0x1021 reflected (0x8408), init 0, no final xor. Ruptela. */
export function crc16Kermit(data: Uint8Array, start = 0, end = data.length): number {
  return reflected(POLY_8408, 0, data, start, end);
}

/** CRC-16/MODBUS: poly 0x8005 reflected (0xA001), init 0xFFFF, no final xor. Galileosky. */
export function crc16Modbus(data: Uint8Array, start = 0, end = data.length): number {
  return reflected(POLY_A001, 0xffff, data, start, end);
}

/** The effect on the register of one byte entering a CRC-16 that is not reflected: eight steps of the bitwise algorithm. */
function forwardTable16(poly: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ poly) & 0xffff : (crc << 1) & 0xffff;
    table[n] = crc;
  }
  return table;
}

/** The same for a CRC-8 that is not reflected. */
function forwardTable8(poly: number): Uint8Array {
  const table = new Uint8Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let b = 0; b < 8; b++) crc = crc & 0x80 ? ((crc << 1) ^ poly) & 0xff : (crc << 1) & 0xff;
    table[n] = crc;
  }
  return table;
}
const POLY_1021 = forwardTable16(0x1021);
const POLY_31 = forwardTable8(0x31);

/** CRC-16/CCITT-FALSE: poly 0x1021, not reflected, init 0xFFFF, no final xor. EGTS service frame data. */
export function crc16CcittFalse(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++)
    crc = ((crc << 8) & 0xffff) ^ (POLY_1021[((crc >>> 8) ^ (data[i] ?? 0)) & 0xff] as number);
  return crc;
}

/** CRC-8 with poly 0x31, not reflected, init 0xFF, no final xor. EGTS transport header. */
export function crc8Egts(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xff;
  for (let i = start; i < end; i++) crc = POLY_31[(crc ^ (data[i] ?? 0)) & 0xff] as number;
  return crc;
}
