import { crc16Ibm } from "../shared/crc.ts";
import { attempt, bigToValue, DecodeError, Reader } from "../shared/reader.ts";
import type { AttributeValue, DecodedMessage, DecodedPosition, DecodeResult } from "../shared/types.ts";
import { emptyMessage } from "../shared/types.ts";
import { decodeTeltonikaBeacons, TELTONIKA_BEACON_IO } from "./beacons.ts";
import { mapTeltonikaIo } from "./io.ts";

/**
 * Teltonika FMxxx over TCP ("Teltonika Data Sending Protocols" on wiki.teltonika-gps.com), both directions:
 *  1. the device sends its IMEI: uint16 length + ASCII digits; the server answers 0x01 (accept) or 0x00;
 *  2. then AVL packets: 0x00000000 preamble, uint32 data length, codec id, record count,
 *     records, record count again, uint32 whose low 16 bits are CRC-16/IBM over codec..count2.
 *     The server answers with the record count as uint32 big-endian.
 *  3. Codec 12 commands and responses share the AVL framing (see commands.ts).
 * Records are encoded one by one so a device (the simulator) can keep its black box as ready-made byte strings
 * and assemble packets of any size without re-encoding when it resends.
 */

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
export type TeltonikaCodec = typeof CODEC_8 | typeof CODEC_8E | typeof CODEC_16;

/** Structure of a codec: width of IO counts, of IO ids, and whether the record carries codec-16 generation type. */
interface CodecLayout {
  wideCounts: boolean;
  wideIds: boolean;
  generationType: boolean;
  nx: boolean;
}

const LAYOUTS: Record<number, CodecLayout> = {
  [CODEC_8]: { wideCounts: false, wideIds: false, generationType: false, nx: false },
  [CODEC_8E]: { wideCounts: true, wideIds: true, generationType: false, nx: true },
  // Codec 16 keeps 1-byte counts but uses 2-byte ids and adds a generation type byte.
  [CODEC_16]: { wideCounts: false, wideIds: true, generationType: true, nx: false },
};

/** The AVL IO ids the simulator reports (FMB/FMC series numbering); the server's mapping is in io.ts. */
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
  engineSeconds: 449, // 4 bytes, ignition-on seconds (needs 2-byte ids, so not Codec 8)
} as const;

export interface IoValue {
  id: number;
  /** Byte width of the value: picks the 1/2/4/8-byte group. */
  size: 1 | 2 | 4 | 8;
  /** 8-byte values are read back as bigint. */
  value: bigint | number;
}

export interface NxValue {
  id: number;
  value: Uint8Array;
}

/** One AVL data element as it is on the wire, before the IO ids are given meaning. */
export interface AvlRecord {
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  lng: number;
  lat: number;
  altitudeM: number;
  angle: number;
  satellites: number;
  speedKmh: number;
  /** IO id that caused the record, 0 for a periodic record. */
  eventIoId: number;
  /** Codec 16 only. */
  generationType?: number;
  io: IoValue[];
  /** Codec 8E only: variable-length elements. */
  nx?: NxValue[];
}

export interface AvlPacket {
  codec: number;
  records: AvlRecord[];
}

/** IMEIs are 15 digits; 14-17 tolerates IMEI without check digit and IMEISV. */
const IMEI_RE = /^\d{14,17}$/;

/** Handshake: 2-byte length then the IMEI as ASCII. */
export function encodeTeltonikaImei(imei: string): Buffer {
  const ascii = Buffer.from(imei, "latin1");
  const out = Buffer.alloc(2 + ascii.length);
  out.writeUInt16BE(ascii.length, 0);
  ascii.copy(out, 2);
  return out;
}

/** Parses a complete IMEI handshake packet (2-byte length + ASCII). */
export function decodeTeltonikaImei(packet: Buffer): DecodeResult<string> {
  return attempt(() => {
    const r = new Reader(packet);
    const len = r.u16();
    const imei = r.bytes(len).toString("latin1");
    if (r.remaining !== 0) throw new DecodeError("trailing bytes after IMEI");
    if (!IMEI_RE.test(imei)) throw new DecodeError("IMEI is not 14-17 ASCII digits");
    return imei;
  });
}

/** Wraps a data field (codec..count2) with the zero preamble, its length and its CRC: AVL and Codec 12 alike. */
export function teltonikaFrame(data: Buffer): Buffer {
  const b = Buffer.alloc(8 + data.length + 4);
  b.writeUInt32BE(data.length, 4);
  data.copy(b, 8);
  b.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return b;
}

/** Checks preamble, length and CRC of one complete packet and returns its data field (codec..count2). */
export function teltonikaData(packet: Buffer): Buffer {
  const r = new Reader(packet);
  if (r.u32() !== 0) throw new DecodeError("missing 0x00000000 preamble");
  const data = r.bytes(r.u32());
  const crcField = r.u32();
  if (r.remaining !== 0) throw new DecodeError("trailing bytes after CRC");
  const crc = crc16Ibm(data);
  if (crcField !== crc) throw new DecodeError(`CRC mismatch: got ${hex4(crcField)}, computed ${hex4(crc)}`);
  return data;
}

const hex4 = (n: number) => `0x${n.toString(16).padStart(4, "0")}`;

function layoutOf(codec: number): CodecLayout {
  const layout = LAYOUTS[codec];
  if (!layout) throw new DecodeError(`unsupported codec 0x${codec.toString(16)}`);
  return layout;
}

/** Codec 8 ids are single bytes: ids above 255 are dropped rather than silently truncated. */
const fits = (layout: CodecLayout, id: number): boolean => layout.wideIds || id <= 0xff;

/** Encodes one AVL data element (timestamp .. IO elements), without packet framing. */
export function encodeTeltonikaRecord(r: AvlRecord, codec: TeltonikaCodec): Buffer {
  const layout = layoutOf(codec);
  const io = r.io.filter((e) => fits(layout, e.id));
  const nx = layout.nx ? (r.nx ?? []) : [];
  const groups = ([1, 2, 4, 8] as const).map((size) => io.filter((e) => e.size === size));
  const countBytes = layout.wideCounts ? 2 : 1;
  const idBytes = layout.wideIds ? 2 : 1;
  let len = 8 + 1 + 15 + idBytes + (layout.generationType ? 1 : 0) + countBytes;
  for (const g of groups) len += countBytes + g.length * idBytes + (g[0]?.size ?? 0) * g.length;
  if (layout.nx) len += 2 + nx.reduce((n, e) => n + 4 + e.value.length, 0);
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
  const count = (n: number): number => (layout.wideCounts ? b.writeUInt16BE(n, o) : b.writeUInt8(n, o));
  const id = (n: number): number => (layout.wideIds ? b.writeUInt16BE(n, o) : b.writeUInt8(n, o));
  o = id(fits(layout, r.eventIoId) ? r.eventIoId : 0);
  if (layout.generationType) o = b.writeUInt8(r.generationType ?? 0, o);
  o = count(io.length + nx.length);
  for (const g of groups) {
    o = count(g.length);
    for (const e of g) {
      o = id(e.id);
      o = writeValue(b, o, e);
    }
  }
  if (layout.nx) {
    o = b.writeUInt16BE(nx.length, o);
    for (const e of nx) {
      o = b.writeUInt16BE(e.id, o);
      o = b.writeUInt16BE(e.value.length, o);
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

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Wraps already-encoded records into an AVL data packet (codec, count, records, count, framed with the CRC). */
export function encodeTeltonikaAvl(records: readonly Buffer[], codec: TeltonikaCodec): Buffer {
  if (records.length === 0 || records.length > 255)
    throw new RangeError("an AVL packet holds 1..255 records");
  return teltonikaFrame(
    Buffer.concat([Buffer.from([codec, records.length]), ...records, Buffer.from([records.length])]),
  );
}

/** The IO value sizes of a record, in the order their groups come. */
const IO_SIZES = [1, 2, 4, 8] as const;
// Read straight from the frame: a record has a dozen IO elements and every frame is decoded once, so no closure,
// array or buffer view is made per record or per element.
const ioCount = (r: Reader, layout: CodecLayout): number => (layout.wideCounts ? r.u16() : r.u8());
const ioId = (r: Reader, layout: CodecLayout): number => (layout.wideIds ? r.u16() : r.u8());
function ioValue(r: Reader, size: (typeof IO_SIZES)[number]): number | bigint {
  if (size === 1) return r.u8();
  if (size === 2) return r.u16();
  if (size === 4) return r.u32();
  return r.u64();
}

function readRecord(r: Reader, layout: CodecLayout): AvlRecord {
  const timestampMs = Number(r.u64());
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const altitudeM = r.i16();
  const angle = r.u16();
  const satellites = r.u8();
  const speedKmh = r.u16();
  const eventIoId = ioId(r, layout);
  const record: AvlRecord = {
    timestampMs,
    priority,
    lng,
    lat,
    altitudeM,
    angle,
    satellites,
    speedKmh,
    eventIoId,
    io: [],
  };
  if (layout.generationType) record.generationType = r.u8();
  ioCount(r, layout); // total IO count: redundant with the per-size counts, which are authoritative
  for (const size of IO_SIZES) {
    const n = ioCount(r, layout);
    for (let i = 0; i < n; i++) {
      const key = ioId(r, layout);
      record.io.push({ id: key, size, value: ioValue(r, size) });
    }
  }
  if (layout.nx) {
    record.nx = [];
    const n = r.u16();
    for (let i = 0; i < n; i++) {
      const key = r.u16();
      record.nx.push({ id: key, value: r.bytes(r.u16()) });
    }
  }
  return record;
}

/** Reads one complete AVL packet (preamble through CRC) into its records. Bad CRC, unknown codec or count mismatch → error. */
export function decodeTeltonikaPacket(packet: Buffer): DecodeResult<AvlPacket> {
  return attempt(() => {
    const d = new Reader(teltonikaData(packet));
    const codec = d.u8();
    const layout = layoutOf(codec);
    const count = d.u8();
    const records: AvlRecord[] = [];
    for (let i = 0; i < count; i++) records.push(readRecord(d, layout));
    if (d.u8() !== count) throw new DecodeError("record counts differ");
    if (d.remaining !== 0) throw new DecodeError("trailing bytes in data field");
    return { codec, records };
  });
}

/** A record in the shape the ingest pipeline stores: IO ids named (io.ts), raw `io<N>` kept. */
function toPosition(record: AvlRecord): DecodedPosition {
  const { lat, lng, satellites: satt } = record;
  const attributes: DecodedPosition["attributes"] = { priority: record.priority };
  if (record.generationType !== undefined) attributes.generationType = record.generationType;
  if (record.eventIoId !== 0) attributes.eventIo = record.eventIoId;
  const io = new Map<number, AttributeValue>();
  for (const e of record.io) io.set(e.id, typeof e.value === "bigint" ? bigToValue(e.value) : e.value);
  // Variable-length elements (e.g. BLE sensor blobs): kept as hex, their meaning is model-specific.
  for (const e of record.nx ?? []) io.set(e.id, Buffer.from(e.value).toString("hex").toUpperCase());
  mapTeltonikaIo(record.eventIoId, io, attributes);
  // The device sends zeros when it has no fix; out-of-range values only come from corruption.
  const valid = satt > 0 && !(lat === 0 && lng === 0) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return {
    ts: record.timestampMs,
    lat,
    lng,
    alt: record.altitudeM,
    spd: record.speedKmh,
    course: record.angle % 360,
    satt,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
}

/**
 * The beacons of the newest record that lists any (AVL 385): the ingest positions a frame by its newest
 * sightings, as it does for the OsmAnd beacon lists.
 */
function newestSightings(records: readonly AvlRecord[]) {
  let newest: { ts: number; beacons: ReturnType<typeof decodeTeltonikaBeacons> } | null = null;
  for (const r of records) {
    const element = r.nx?.find((e) => e.id === TELTONIKA_BEACON_IO);
    if (!element || (newest !== null && r.timestampMs < newest.ts)) continue;
    const beacons = decodeTeltonikaBeacons(element.value);
    if (beacons.length > 0) newest = { ts: r.timestampMs, beacons };
  }
  return newest?.beacons ?? [];
}

/** The ACK for an accepted AVL packet: record count as uint32 big-endian. */
export function teltonikaAck(records: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(records);
  return ack;
}

/** Decodes one complete AVL packet into normalized positions and the ACK the server sends back. */
export function decodeTeltonikaAvl(packet: Buffer, imei: string | null): DecodeResult<DecodedMessage> {
  const res = decodeTeltonikaPacket(packet);
  if (!res.ok) return res;
  const message = emptyMessage("position", imei);
  message.positions = res.value.records.map(toPosition);
  const beacons = newestSightings(res.value.records);
  if (beacons.length > 0) message.beacons = beacons;
  message.attributes.codec = res.value.codec;
  message.ack = teltonikaAck(res.value.records.length);
  return { ok: true, value: message };
}

/**
 * For a device-side reader of a byte stream (the simulator's test servers): the first packet of `buf` and its size,
 * or null while it is incomplete. Throws when the packet is corrupt.
 */
export function readTeltonikaPacket(buf: Buffer): { packet: AvlPacket; size: number } | null {
  if (buf.length < 8) return null;
  const size = 12 + buf.readUInt32BE(4);
  if (buf.length < size) return null;
  const res = decodeTeltonikaPacket(buf.subarray(0, size));
  if (!res.ok) throw new DecodeError(res.error);
  return { packet: res.value, size };
}
