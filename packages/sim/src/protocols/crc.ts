/**
 * The two CRC-16 variants the device protocols use. Both are the reflected form of a polynomial, computed bit by
 * bit: packets are at most a few kilobytes, so a lookup table would buy nothing measurable here.
 */

/** CRC-16/ARC (a.k.a. CRC-16/IBM): poly 0x8005 reflected = 0xA001, init 0, no final xor. Teltonika AVL packets. */
export function crc16Arc(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= data[i]!;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** CRC-16/X-25 (the "CRC-ITU" of the Concox documents): poly 0x1021 reflected = 0x8408, init and xorout 0xFFFF. */
export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= data[i]!;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}
