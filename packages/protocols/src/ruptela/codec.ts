import { crc16Kermit } from "../shared/crc.ts";
import { ioKey } from "../shared/io-key.ts";
import { attempt, bigToValue, DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import {
  type Attributes,
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";

/**
 * Ruptela FM protocol (FM Pro/Eco/Tco, public protocol document v1.x), binary over TCP, big-endian:
 *   <length u16> <IMEI u64> <command u8> <payload> <CRC-16/KERMIT u16>
 * `length` counts IMEI, command and payload; the CRC covers the same bytes. Command 1 carries records, 68 the
 * extended records (2-byte event and IO ids, a record-extension byte). Both payloads start with "records left"
 * (records still in the device's memory after this packet) and the record count. A record: Unix time (s), a
 * time-stamp extension (orders records of the same second), [record extension, 68 only], priority, longitude
 * and latitude (× 1e7, signed), altitude (× 10 m), angle (× 100 °), satellites, speed (km/h), HDOP (× 10),
 * event id, then the IO elements in four groups of 1-, 2-, 4- and 8-byte values, each group a count and pairs.
 * The server acknowledges records with command 100 and `01` (accepted): `00 02 64 01 13 BC`. A packet whose CRC
 * is wrong gets `00` (rejected) so the device resends it, and no positions. Other commands are kept as
 * `unknown` messages and not answered.
 *
 * Server commands travel the other way without an IMEI: `<length u16> <100 + type> <payload> <CRC-16/KERMIT>`,
 * the length counting the command byte and payload. Type 8, "SMS via GPRS" (command 108), carries the text of any
 * of the device's SMS commands; the device answers with its own packet of type 7 ("SMS via GPRS response"), the
 * answer text as payload. The other configuration types (2 configuration, 5 connection, 6 odometer, 17 set IO)
 * are answered with their own type number: all of them are the device's `commandResult`.
 */

export const RUPTELA_RECORDS = 1;
export const RUPTELA_EXTENDED_RECORDS = 68;
const ACK_COMMAND = 100;
/** Server → device: "SMS via GPRS", the text of an SMS command. */
export const RUPTELA_SMS_VIA_GPRS = 8;
/** Device answers to server commands, by type (SMS via GPRS response and the configuration commands). */
const ANSWER_TYPES = new Set([2, 3, 5, 6, 7, 17]);

/** IO ids with a meaning in our attribute catalogue (the document's IO list); every id is also kept as io<N>. */
function mapIo(id: number, value: number | string, attributes: Attributes): void {
  attributes[ioKey(id)] = value;
  if (typeof value !== "number") return;
  if (id === 5)
    attributes.ignition = value === 1; // digital input 4, wired to ignition
  else if (id === 29)
    attributes.power = value / 1000; // power supply voltage, mV
  else if (id === 30) attributes.battery = value / 1000; // internal battery voltage, mV
}

/** The server's answer: command 100 with 1 (accepted) or 0 (rejected), framed and CRC'd like any packet. */
export function ruptelaAck(accepted: boolean): Buffer {
  const body = Buffer.from([ACK_COMMAND, accepted ? 1 : 0]);
  const out = Buffer.alloc(6);
  out.writeUInt16BE(body.length, 0);
  body.copy(out, 2);
  out.writeUInt16BE(crc16Kermit(body), 4);
  return out;
}

/** A record and, for extended records, its place among the parts of one split record. */
interface RecordPart {
  position: DecodedPosition;
  /** Record extension byte: high nibble the number of parts minus one, low nibble this part's number. */
  part: number;
}

/** The IO value widths, in the order their groups come in a record. */
const IO_SIZES = [1, 2, 4, 8] as const;

function readRecord(r: Reader, extended: boolean, archive: boolean): RecordPart {
  const ts = r.u32() * 1000;
  r.u8(); // time-stamp extension
  const part = extended ? r.u8() : 0;
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const alt = r.u16() / 10;
  const course = r.u16() / 100;
  const satt = r.u8();
  const spd = r.u16();
  const hdop = r.u8() / 10;
  const eventIo = extended ? r.u16() : r.u8();
  const attributes: Attributes = { priority, hdop, eventIo };
  if (priority === 2) attributes.event = "sos"; // panic priority
  if (archive) attributes.archive = true;
  for (const size of IO_SIZES) {
    const count = r.u8();
    for (let i = 0; i < count; i++) {
      const id = extended ? r.u16() : r.u8();
      const value = size === 1 ? r.u8() : size === 2 ? r.u16() : size === 4 ? r.u32() : bigToValue(r.u64());
      mapIo(id, value, attributes);
    }
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("coordinates out of range");
  const valid = satt > 0 && !(lat === 0 && lng === 0);
  const position: DecodedPosition = {
    ts,
    lat,
    lng,
    alt,
    spd,
    course: Math.round(course) % 360,
    satt,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
  return { position, part };
}

/**
 * Extended records too large for one record are sent as parts (same time and fix, each with a share of the IO
 * elements, numbered in the record extension byte): they are one position, with the IO elements of every part.
 */
function mergeParts(parts: RecordPart[]): DecodedPosition[] {
  const out: DecodedPosition[] = [];
  let open: DecodedPosition | null = null;
  for (const { position, part } of parts) {
    const total = (part >> 4) + 1;
    const index = part & 0x0f;
    if (open !== null && total > 1 && index > 0 && position.ts === open.ts) {
      const { eventIo, ...io } = position.attributes;
      open.attributes = { ...open.attributes, ...io };
      if (open.attributes.eventIo === 0 && eventIo !== undefined) open.attributes.eventIo = eventIo;
      if (index === total - 1) open = null;
      continue;
    }
    out.push(position);
    open = total > 1 && index < total - 1 ? position : null;
  }
  return out;
}

/** One whole packet (length to CRC) → message with its ACK. Never throws. */
export function decodeRuptelaPacket(frame: Buffer): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (frame.length < 13) throw new DecodeError("packet too short");
    const length = frame.readUInt16BE(0);
    if (frame.length !== length + 4) throw new DecodeError("length mismatch");
    // The IMEI travels as a number: written back as the 15 digits on the device's label, leading zero included.
    const imei = frame.readBigUInt64BE(2).toString().padStart(15, "0");
    if (imei.length > 16) throw new DecodeError("bad IMEI");
    const command = frame.readUInt8(10);
    if (frame.readUInt16BE(frame.length - 2) !== crc16Kermit(frame, 2, frame.length - 2)) {
      const rejected = emptyMessage("unknown", imei);
      rejected.attributes.error = "crc";
      rejected.ack =
        command === RUPTELA_RECORDS || command === RUPTELA_EXTENDED_RECORDS ? ruptelaAck(false) : null;
      return rejected;
    }
    if (ANSWER_TYPES.has(command)) {
      const answer = emptyMessage("commandResult", imei);
      const payload = frame.subarray(11, frame.length - 2);
      // Set IO and odometer answer one status byte (1 done); the others answer text.
      answer.attributes.result =
        command === 7 || command === 2 || command === 3
          ? deviceText(payload.toString("latin1"), MAX_COMMAND_RESULT)
          : `${command}:${payload.length > 0 ? payload.readUInt8(0) : ""}`;
      answer.attributes.command = command;
      return answer;
    }
    if (command !== RUPTELA_RECORDS && command !== RUPTELA_EXTENDED_RECORDS) {
      const other = emptyMessage("unknown", imei);
      other.attributes.command = command;
      return other;
    }
    const r = new Reader(frame.subarray(11, frame.length - 2));
    const left = r.u8();
    const count = r.u8();
    const message = emptyMessage("position", imei);
    const parts: RecordPart[] = [];
    for (let i = 0; i < count; i++) parts.push(readRecord(r, command === RUPTELA_EXTENDED_RECORDS, left > 0));
    message.positions.push(...mergeParts(parts));
    if (r.remaining !== 0) throw new DecodeError("bytes after the records");
    if (message.positions.some((p) => p.attributes.event !== undefined)) message.kind = "alarm";
    message.attributes.recordsLeft = left;
    message.ack = ruptelaAck(true);
    return message;
  });
}

/** One Ruptela connection: every packet names its device; a packet of another device ends it. */
export function createRuptelaSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length < 2) return 0;
    const total = buf.readUInt16BE(0) + 4;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (total < 13) throw new DecodeError("packet too short");
    if (buf.length < total) return 0;
    const res = decodeRuptelaPacket(buf.subarray(0, total));
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    // A packet with a bad CRC is answered 00 (resend); its IMEI cannot be trusted, so it identifies nothing.
    if (message.attributes.error === "crc") message.imei = imei;
    else if (imei !== null && message.imei !== imei) throw new DecodeError("packet of another device");
    imei = message.imei ?? imei;
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

// ---- Encoding (device side) ----

export interface RuptelaRecord {
  timeMs: number;
  lat: number;
  lng: number;
  altitude: number;
  course: number;
  satellites: number;
  speedKmh: number;
  hdop?: number;
  priority?: number;
  eventIo?: number;
  /** IO elements by size group: id → value. */
  io?: {
    1?: Record<number, number>;
    2?: Record<number, number>;
    4?: Record<number, number>;
    8?: Record<number, bigint>;
  };
}

function encodeRecord(rec: RuptelaRecord, extended: boolean): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(extended ? 25 : 23);
  let o = 0;
  head.writeUInt32BE(Math.floor(rec.timeMs / 1000), o);
  o += 4;
  head.writeUInt8(0, o++);
  if (extended) head.writeUInt8(0, o++);
  head.writeUInt8(rec.priority ?? 0, o++);
  head.writeInt32BE(Math.round(rec.lng * 1e7), o);
  o += 4;
  head.writeInt32BE(Math.round(rec.lat * 1e7), o);
  o += 4;
  head.writeUInt16BE(Math.max(0, Math.min(0xffff, Math.round(rec.altitude * 10))), o);
  o += 2;
  head.writeUInt16BE(Math.round((((rec.course % 360) + 360) % 360) * 100), o);
  o += 2;
  head.writeUInt8(rec.satellites & 0xff, o++);
  head.writeUInt16BE(Math.min(0xffff, Math.round(rec.speedKmh)), o);
  o += 2;
  head.writeUInt8(Math.min(255, Math.round((rec.hdop ?? 1) * 10)), o++);
  if (extended) head.writeUInt16BE(rec.eventIo ?? 0, o);
  else head.writeUInt8(rec.eventIo ?? 0, o);
  parts.push(head);
  for (const size of [1, 2, 4, 8] as const) {
    const group = Object.entries(rec.io?.[size] ?? {});
    parts.push(Buffer.from([group.length]));
    for (const [id, value] of group) {
      const idBytes = Buffer.alloc(extended ? 2 : 1);
      if (extended) idBytes.writeUInt16BE(Number(id));
      else idBytes.writeUInt8(Number(id));
      const v = Buffer.alloc(size);
      if (size === 8) v.writeBigUInt64BE(BigInt(value));
      else v.writeUIntBE(Number(value), 0, size);
      parts.push(idBytes, v);
    }
  }
  return Buffer.concat(parts);
}

/** Frames a command and payload with the length, IMEI and CRC. */
export function ruptelaPacket(imei: string, command: number, payload: Buffer): Buffer {
  const body = Buffer.alloc(9 + payload.length);
  body.writeBigUInt64BE(BigInt(imei), 0);
  body.writeUInt8(command, 8);
  payload.copy(body, 9);
  const out = Buffer.alloc(body.length + 4);
  out.writeUInt16BE(body.length, 0);
  body.copy(out, 2);
  out.writeUInt16BE(crc16Kermit(body), out.length - 2);
  return out;
}

/** A server command: `<length> <100 + type> <payload> <CRC>`, no IMEI (the connection names the device). */
export function encodeRuptelaCommand(type: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(payload.length + 5);
  out.writeUInt16BE(payload.length + 1, 0);
  out.writeUInt8(ACK_COMMAND + type, 2);
  payload.copy(out, 3);
  out.writeUInt16BE(crc16Kermit(out, 2, out.length - 2), out.length - 2);
  return out;
}

/** The device's answer to an SMS-via-GPRS command (type 7), as the simulator sends it. */
export const encodeRuptelaCommandAnswer = (imei: string, text: string): Buffer =>
  ruptelaPacket(imei, 7, Buffer.from(text, "latin1"));

/** A records packet (command 1, or 68 extended); `recordsLeft` > 0 says the device is emptying its memory. */
export function encodeRuptelaRecords(
  imei: string,
  records: RuptelaRecord[],
  options: { extended?: boolean; recordsLeft?: number } = {},
): Buffer {
  const extended = options.extended ?? false;
  const payload = Buffer.concat([
    Buffer.from([options.recordsLeft ?? 0, records.length]),
    ...records.map((r) => encodeRecord(r, extended)),
  ]);
  return ruptelaPacket(imei, extended ? RUPTELA_EXTENDED_RECORDS : RUPTELA_RECORDS, payload);
}
