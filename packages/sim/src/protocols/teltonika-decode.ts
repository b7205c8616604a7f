/**
 * Minimal server-side reading of Teltonika AVL packets. The simulator itself never decodes; this exists so the
 * tests (and anyone debugging a capture) can check framing, length and CRC of what the encoder produced.
 */
import { crc16Arc } from "./crc.ts";
import type { AvlRecord, IoValue } from "./teltonika.ts";

export interface DecodedPacket {
  codec: number;
  records: AvlRecord[];
  /** Bytes consumed from the input. */
  size: number;
}

/** Returns null while the packet is incomplete; throws on bad preamble, count or CRC. */
export function decodeAvlPacket(buf: Buffer): DecodedPacket | null {
  if (buf.length < 12) return null;
  if (buf.readUInt32BE(0) !== 0) throw new Error("Teltonika: preamble is not zero");
  const dataLength = buf.readUInt32BE(4);
  const size = 8 + dataLength + 4;
  if (buf.length < size) return null;
  const crc = buf.readUInt32BE(8 + dataLength);
  if (crc !== crc16Arc(buf, 8, 8 + dataLength)) throw new Error("Teltonika: CRC mismatch");
  const codec = buf[8]!;
  const wide = codec === 0x8e;
  const count = buf[9]!;
  let o = 10;
  const readN = (): number => {
    const v = wide ? buf.readUInt16BE(o) : buf[o]!;
    o += wide ? 2 : 1;
    return v;
  };
  const records: AvlRecord[] = [];
  for (let i = 0; i < count; i++) {
    const timestampMs = Number(buf.readBigUInt64BE(o));
    const priority = buf[o + 8]! as 0 | 1 | 2;
    const lng = buf.readInt32BE(o + 9) / 1e7;
    const lat = buf.readInt32BE(o + 13) / 1e7;
    const altitudeM = buf.readInt16BE(o + 17);
    const angle = buf.readUInt16BE(o + 19);
    const satellites = buf[o + 21]!;
    const speedKmh = buf.readUInt16BE(o + 22);
    o += 24;
    const eventIoId = readN();
    readN(); // total count, implied by the groups
    const io: IoValue[] = [];
    for (const size of [1, 2, 4, 8] as const) {
      const n = readN();
      for (let k = 0; k < n; k++) {
        const id = readN();
        const value = size === 8 ? buf.readBigUInt64BE(o) : buf.readUIntBE(o, size);
        o += size;
        io.push({ id, size, value });
      }
    }
    const nx: { id: number; value: Uint8Array }[] = [];
    if (wide) {
      const n = readN();
      for (let k = 0; k < n; k++) {
        const id = readN();
        const len = readN();
        nx.push({ id, value: buf.subarray(o, o + len) });
        o += len;
      }
    }
    records.push({
      timestampMs,
      priority,
      lng,
      lat,
      altitudeM,
      angle,
      satellites,
      speedKmh,
      eventIoId,
      io,
      nx,
    });
  }
  if (buf[o] !== count) throw new Error("Teltonika: record counts differ");
  if (o + 1 !== 8 + dataLength) throw new Error("Teltonika: data length does not match content");
  return { codec, records, size };
}
