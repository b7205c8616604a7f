/**
 * The two CRC-16 variants used by the TCP protocols. Bitwise implementations: frames are
 * small (< 64 KiB) and a table would only add code to review.
 */

/** CRC-16/ARC a.k.a. CRC-16/IBM: poly 0x8005 reflected (0xA001), init 0, no final xor. Teltonika. */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** CRC-16/X-25 a.k.a. CRC-ITU in the Concox documents: poly 0x1021 reflected (0x8408), init 0xFFFF, xorout 0xFFFF. */
export function crc16X25(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}
