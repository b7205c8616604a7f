import { crc8Egts } from "../shared/crc.ts";

/**
 * NTCB transport: a 16-byte header before each body, little-endian:
 *   "@NTC" <receiver id u32> <sender id u32> <body length u16> <body XOR u8> <header XOR u8 over bytes 0-14>
 * FLEX messages ("~A", "~T", "~C"…) come without it and end with a CRC-8 (poly 0x31, init 0xFF, the same as
 * EGTS's) over every byte before it, the '~' included.
 */
export const PREAMBLE = Buffer.from("@NTC", "latin1");
export const HEADER_BYTES = 16;

export function xorOf(data: Uint8Array, start = 0, end = data.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum ^= data[i]!;
  return sum;
}

export const flexCrc = crc8Egts;

/** A whole NTCB packet: header then `body`. */
export function ntcbPacket(receiver: number, sender: number, body: Buffer): Buffer {
  const head = Buffer.alloc(HEADER_BYTES);
  PREAMBLE.copy(head, 0);
  head.writeUInt32LE(receiver >>> 0, 4);
  head.writeUInt32LE(sender >>> 0, 8);
  head.writeUInt16LE(body.length, 12);
  head.writeUInt8(xorOf(body), 14);
  head.writeUInt8(xorOf(head, 0, 15), 15);
  return Buffer.concat([head, body]);
}

/** A FLEX message: its bytes then their CRC-8. */
export function flexMessage(content: Buffer): Buffer {
  return Buffer.concat([content, Buffer.from([flexCrc(content)])]);
}
