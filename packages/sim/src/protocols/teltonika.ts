/**
 * Teltonika FMxxx TCP encoder (device side), after Teltonika's "Data Sending Protocols" wiki page:
 * an IMEI handshake, then AVL data packets in Codec 8 (0x08) or Codec 8 Extended (0x8E).
 * Records are encoded one by one so a device client can keep its black box as ready-made byte strings and
 * assemble packets of any size without re-encoding when it resends.
 */
import { crc16Arc } from "./crc.ts";

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export type TeltonikaCodec = typeof CODEC_8 | typeof CODEC_8E;

/** The AVL IO ids the simulator reports (FMB/FMC series numbering). */
export const IO = {
  ignition: 239, // 1 byte, 0/1
  movement: 240, // 1 byte, 0/1
  gsmSignal: 21, // 1 byte, 0..5
  externalVoltage: 66, // 2 bytes, mV
  batteryVoltage: 67, // 2 bytes, mV
  totalOdometer: 16, // 4 bytes, m
  fuelLevel: 89, // 1 byte, %
  iButton: 78, // 8 bytes, driver key id
  greenDrivingType: 253, // 1 byte: 1 harsh acceleration, 2 harsh braking, 3 harsh cornering
  greenDrivingValue: 254, // 1 byte, g × 100
  engineSeconds: 449, // 4 bytes, ignition-on seconds (needs 2-byte ids, so Codec 8E only)
} as const;

export interface IoValue {
  id: number;
  /** Byte width of the value: picks the 1/2/4/8-byte group. */
  size: 1 | 2 | 4 | 8;
  value: bigint | number;
}

export interface AvlRecord {
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: 0 | 1 | 2;
  lng: number;
  lat: number;
  altitudeM: number;
  angle: number;
  satellites: number;
  speedKmh: number;
  /** IO id that caused the record, 0 for a periodic record. */
  eventIoId: number;
  io: IoValue[];
  /** Codec 8E only: variable-length elements. */
  nx?: { id: number; value: Uint8Array }[];
}

/** Handshake: 2-byte length then the IMEI as ASCII. The server answers a single 0x01 (accept) or 0x00. */
export function encodeImei(imei: string): Buffer {
  const ascii = Buffer.from(imei, "ascii");
  const out = Buffer.alloc(2 + ascii.length);
  out.writeUInt16BE(ascii.length, 0);
  ascii.copy(out, 2);
  return out;
}

/** Codec 8 ids and counts are single bytes; ids above 255 are dropped rather than silently truncated. */
function fitsCodec(codec: TeltonikaCodec, id: number): boolean {
  return codec === CODEC_8E || id <= 0xff;
}

/** Encodes one AVL data element (timestamp .. IO elements), without packet framing. */
export function encodeRecord(r: AvlRecord, codec: TeltonikaCodec): Buffer {
  const wide = codec === CODEC_8E;
  const io = r.io.filter((e) => fitsCodec(codec, e.id));
  const nx = wide ? (r.nx ?? []) : [];
  const groups = ([1, 2, 4, 8] as const).map((size) => io.filter((e) => e.size === size));
  const idBytes = wide ? 2 : 1;
  let len = 8 + 1 + 15 + idBytes * 2;
  for (const g of groups) len += idBytes + g.length * idBytes + (g[0]?.size ?? 0) * g.length;
  if (wide) len += 2 + nx.reduce((n, e) => n + 4 + e.value.length, 0);
  const b = Buffer.alloc(len);
  let o = b.writeBigUInt64BE(BigInt(Math.round(r.timestampMs)), 0);
  o = b.writeUInt8(r.priority, o);
  // Coordinates: degrees × 10^7 as two's-complement int32, longitude first.
  o = b.writeInt32BE(Math.round(r.lng * 1e7), o);
  o = b.writeInt32BE(Math.round(r.lat * 1e7), o);
  o = b.writeInt16BE(clamp(Math.round(r.altitudeM), -32768, 32767), o);
  o = b.writeUInt16BE(Math.round(r.angle) % 360, o);
  o = b.writeUInt8(clamp(r.satellites, 0, 255), o);
  o = b.writeUInt16BE(clamp(Math.round(r.speedKmh), 0, 0xffff), o);
  const writeN = (n: number): number => (wide ? b.writeUInt16BE(n, o) : b.writeUInt8(n, o));
  o = writeN(fitsCodec(codec, r.eventIoId) ? r.eventIoId : 0);
  o = writeN(io.length + nx.length);
  for (const g of groups) {
    o = writeN(g.length);
    for (const e of g) {
      o = writeN(e.id);
      o = writeValue(b, o, e);
    }
  }
  if (wide) {
    o = writeN(nx.length);
    for (const e of nx) {
      o = writeN(e.id);
      o = writeN(e.value.length);
      b.set(e.value, o);
      o += e.value.length;
    }
  }
  return b;
}

function writeValue(b: Buffer, o: number, e: IoValue): number {
  switch (e.size) {
    case 1:
      return b.writeUInt8(Number(e.value) & 0xff, o);
    case 2:
      return b.writeUInt16BE(Number(e.value) & 0xffff, o);
    case 4:
      return b.writeUInt32BE(Number(e.value) >>> 0, o);
    case 8:
      return b.writeBigUInt64BE(BigInt.asUintN(64, BigInt(e.value)), o);
  }
}

/**
 * Wraps already-encoded records into an AVL data packet: 4 zero bytes, data length, codec, count, records,
 * count again, then the CRC-16/ARC of codec..count2 in a 4-byte field.
 */
export function encodeAvlPacket(records: readonly Buffer[], codec: TeltonikaCodec): Buffer {
  if (records.length === 0 || records.length > 255)
    throw new RangeError("an AVL packet holds 1..255 records");
  const body = records.reduce((n, r) => n + r.length, 0);
  const dataLength = 1 + 1 + body + 1;
  const b = Buffer.alloc(8 + dataLength + 4);
  b.writeUInt32BE(dataLength, 4);
  let o = b.writeUInt8(codec, 8);
  o = b.writeUInt8(records.length, o);
  for (const r of records) {
    r.copy(b, o);
    o += r.length;
  }
  o = b.writeUInt8(records.length, o);
  b.writeUInt32BE(crc16Arc(b, 8, o), o);
  return b;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
