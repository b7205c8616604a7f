import { crc8Egts, crc16CcittFalse } from "../shared/crc.ts";
import { DecodeError } from "../shared/reader.ts";

/**
 * EGTS (the ERA-GLONASS terminal transport protocol) layers, little-endian throughout.
 * Transport packet:
 *   PRV u8 (1), SKID u8, flags u8 (bit 5 routing, bits 3-4 encryption, bit 2 compression), HL u8 (header length,
 *   11, or 16 with routing), HE u8 (0), FDL u16 (length of the service frame data), PID u16 (packet id), PT u8
 *   (0 response, 1 application data, 2 signed application data), [routing: PRA u16, RCA u16, TTL u8], HCS u8
 *   (CRC-8 of the header), then FDL bytes of service frame data and, when FDL > 0, their CRC-16 (CCITT-FALSE).
 * A response's data starts with the packet id it answers (u16) and the result (u8); signed data with a signature
 * length (u16) and the signature. Then service data records:
 *   RL u16 (length of the record data), RN u16 (record number), RFL u8 (bit 0 object id present, bit 1 event id,
 *   bit 2 time), [OID u32], [EVID u32], [TM u32], SST u8 (source service), RST u8 (recipient service), RL bytes of
 *   subrecords: SRT u8 (type), SRL u16 (length), SRL bytes.
 */

export const PT_RESPONSE = 0;
export const PT_APPDATA = 1;
export const PT_SIGNED_APPDATA = 2;
const HEADER_BYTES = 11;
const ROUTED_HEADER_BYTES = 16;
/** The protocol's own bound on the service frame data. */
export const MAX_FDL = 65517;

export interface EgtsSubrecord {
  type: number;
  data: Buffer;
}

export interface EgtsRecord {
  number: number;
  objectId: number | null;
  /** The record's own time (seconds since 2010-01-01 UTC), when it carries one. */
  time: number | null;
  sourceService: number;
  recipientService: number;
  subrecords: EgtsSubrecord[];
}

export interface EgtsPacket {
  id: number;
  type: number;
  /** Response packets: the packet id they answer and its result. */
  answers: { id: number; result: number } | null;
  records: EgtsRecord[];
}

/** Total size of the packet at the front of `buf` from its header, or 0 while the header has not all come. */
export function egtsPacketSize(buf: Buffer): number {
  if (buf.length < 1) return 0;
  if (buf[0] !== 0x01) throw new DecodeError("egts: protocol version is not 1");
  if (buf.length < HEADER_BYTES) return 0;
  const hl = buf.readUInt8(3);
  if (hl !== HEADER_BYTES && hl !== ROUTED_HEADER_BYTES) throw new DecodeError(`egts: header length ${hl}`);
  if (buf.length < hl) return 0;
  if (crc8Egts(buf, 0, hl - 1) !== buf[hl - 1]) throw new DecodeError("egts: header CRC mismatch");
  const fdl = buf.readUInt16LE(5);
  if (fdl > MAX_FDL) throw new DecodeError(`egts: frame data length ${fdl}`);
  return hl + fdl + (fdl > 0 ? 2 : 0);
}

function readRecords(data: Buffer, from: number): EgtsRecord[] {
  const records: EgtsRecord[] = [];
  let at = from;
  while (at < data.length) {
    if (at + 5 > data.length) throw new DecodeError(`egts: record header cut at offset ${at}`);
    const length = data.readUInt16LE(at);
    const number = data.readUInt16LE(at + 2);
    const flags = data.readUInt8(at + 4);
    at += 5;
    const optional = ((flags & 1) + ((flags >> 1) & 1) + ((flags >> 2) & 1)) * 4;
    if (at + optional + 2 + length > data.length)
      throw new DecodeError(`egts: record ${number} runs past the data`);
    const objectId = flags & 1 ? data.readUInt32LE(at) : null;
    if (flags & 1) at += 4;
    if (flags & 2) at += 4;
    const time = flags & 4 ? data.readUInt32LE(at) : null;
    if (flags & 4) at += 4;
    const sourceService = data.readUInt8(at);
    const recipientService = data.readUInt8(at + 1);
    at += 2;
    const end = at + length;
    const subrecords: EgtsSubrecord[] = [];
    while (at < end) {
      if (at + 3 > end) throw new DecodeError(`egts: subrecord header cut in record ${number}`);
      const type = data.readUInt8(at);
      const size = data.readUInt16LE(at + 1);
      if (at + 3 + size > end) throw new DecodeError(`egts: subrecord ${type} runs past record ${number}`);
      subrecords.push({ type, data: data.subarray(at + 3, at + 3 + size) });
      at += 3 + size;
    }
    records.push({ number, objectId, time, sourceService, recipientService, subrecords });
  }
  return records;
}

/** One whole packet → its records; checks both CRCs and refuses encrypted or compressed data. */
export function readEgtsPacket(packet: Buffer): EgtsPacket {
  const size = egtsPacketSize(packet);
  if (size === 0 || size !== packet.length) throw new DecodeError("egts: packet length mismatch");
  const flags = packet.readUInt8(2);
  if ((flags & 0x1c) !== 0) throw new DecodeError("egts: encrypted or compressed data");
  const hl = packet.readUInt8(3);
  const fdl = packet.readUInt16LE(5);
  const id = packet.readUInt16LE(7);
  const type = packet.readUInt8(9);
  if (fdl > 0 && crc16CcittFalse(packet, hl, hl + fdl) !== packet.readUInt16LE(hl + fdl))
    throw new DecodeError("egts: data CRC mismatch");
  const data = packet.subarray(hl, hl + fdl);
  if (type === PT_RESPONSE) {
    if (data.length < 3) throw new DecodeError("egts: response too short");
    return {
      id,
      type,
      answers: { id: data.readUInt16LE(0), result: data.readUInt8(2) },
      records: readRecords(data, 3),
    };
  }
  if (type === PT_SIGNED_APPDATA) {
    if (data.length < 2) throw new DecodeError("egts: signed data too short");
    return { id, type, answers: null, records: readRecords(data, 2 + data.readUInt16LE(0)) };
  }
  if (type !== PT_APPDATA) throw new DecodeError(`egts: packet type ${type}`);
  return { id, type, answers: null, records: readRecords(data, 0) };
}

/** Record flag: the recipient service is on the terminal (a server's command to it). */
export const RFL_RECIPIENT_ON_DEVICE = 0x40;
/** Record flag: the source service is on the terminal (the terminal's own commands service). */
export const RFL_SOURCE_ON_DEVICE = 0x80;

/**
 * A record as it goes in a packet's data, with the object id and time when given (never an event id) and the
 * flags saying which side its services are on.
 */
export function writeEgtsRecord(
  number: number,
  sourceService: number,
  recipientService: number,
  subrecords: EgtsSubrecord[],
  objectId: number | null = null,
  time: number | null = null,
  sides = 0,
): Buffer {
  // One buffer written in place: the answers to every packet are built here, so no part is concatenated.
  let bodyLength = 0;
  for (const s of subrecords) bodyLength += 3 + s.data.length;
  const optional = (objectId === null ? 0 : 4) + (time === null ? 0 : 4);
  const out = Buffer.alloc(7 + optional + bodyLength);
  out.writeUInt16LE(bodyLength, 0);
  out.writeUInt16LE(number & 0xffff, 2);
  out.writeUInt8((sides & 0xc0) | (objectId === null ? 0 : 1) | (time === null ? 0 : 4), 4);
  let at = 5;
  if (objectId !== null) {
    out.writeUInt32LE(objectId >>> 0, at);
    at += 4;
  }
  if (time !== null) {
    out.writeUInt32LE(time >>> 0, at);
    at += 4;
  }
  out.writeUInt8(sourceService, at);
  out.writeUInt8(recipientService, at + 1);
  at += 2;
  for (const s of subrecords) {
    out.writeUInt8(s.type, at);
    out.writeUInt16LE(s.data.length, at + 1);
    out.set(s.data, at + 3);
    at += 3 + s.data.length;
  }
  return out;
}

/** Wraps service frame data in a transport header (no routing) with both CRCs. */
export function writeEgtsPacket(id: number, type: number, data: Buffer): Buffer {
  const out = Buffer.alloc(HEADER_BYTES + data.length + (data.length > 0 ? 2 : 0));
  out.writeUInt8(0x01, 0);
  out.writeUInt8(0, 1);
  out.writeUInt8(0, 2);
  out.writeUInt8(HEADER_BYTES, 3);
  out.writeUInt8(0, 4);
  out.writeUInt16LE(data.length, 5);
  out.writeUInt16LE(id & 0xffff, 7);
  out.writeUInt8(type, 9);
  out.writeUInt8(crc8Egts(out, 0, HEADER_BYTES - 1), HEADER_BYTES - 1);
  if (data.length > 0) {
    data.copy(out, HEADER_BYTES);
    out.writeUInt16LE(crc16CcittFalse(data), HEADER_BYTES + data.length);
  }
  return out;
}
