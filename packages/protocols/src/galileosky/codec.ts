import { crc16Modbus } from "../shared/crc.ts";
import { DecodeError } from "../shared/reader.ts";
import { createFramedSession, keepFrameOfOneDevice } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT, MAX_DEVICE_ID } from "../shared/text.ts";
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
import { tagSize } from "./tags.ts";

/**
 * Galileosky binary protocol (GalileoSky tracker "data transfer protocol"), little-endian:
 *   0x01 <length u16: bits 0-14 the size of the tags, bit 15 "the device has unsent records in its archive">
 *   <tags> <CRC-16/MODBUS u16 over header, length and tags>
 * Tags are one byte followed by a value whose size depends on the tag (table below). Within a record tags come in
 * ascending order, so a tag not above the previous one starts the next record. The server answers every packet
 * whose CRC is right with 0x02 and the packet's CRC as received; a wrong CRC gets nothing (the device resends).
 * The first packet usually carries only the hardware/firmware version, the IMEI (0x03, 15 ASCII digits) and the
 * device id: a `login`. A packet sent with the archive bit set carries stored records: they are `archive`.
 * A packet with tag 0xE1 is the device's answer to a server command (text after a length byte): `commandResult`.
 * Server commands use the same packet: IMEI (0x03), device id (0x04, 0 when the IMEI is given), command number
 * (0xE0, u32) and the command text (0xE1: length byte + ASCII, e.g. `Out 0,1`); the device answers with a packet
 * carrying the same number and its answer text in 0xE1.
 * A tag missing from the size table (tags.ts) ends the reading of the packet: the records before it are kept, the
 * message says where reading stopped (`undecoded`, with the packet as `raw`), and the ingest quarantines the packet
 * before it is acknowledged: answering it keeps the device from resending it for ever, and nothing it then deletes
 * is lost.
 */

const HEADER = 0x01;
/** The IMEI tag (0x03): 15 ASCII digits. */
const IMEI_BYTES = 15;

/**
 * A record's tags: each tag's value as the offset in the packet where it starts (a tag's size is known from the tag,
 * tags.ts), so reading a packet makes no buffer view per tag.
 */
type Tags = Map<number, number>;

function toPosition(frame: Buffer, tags: Tags, archive: boolean): DecodedPosition | null {
  const time = tags.get(0x20);
  const coords = tags.get(0x30);
  if (time === undefined || coords === undefined) return null;
  const attributes: Attributes = {};
  const head = frame.readUInt8(coords);
  const satt = head & 0x0f;
  const lat = frame.readInt32LE(coords + 1) / 1e6;
  const lng = frame.readInt32LE(coords + 5) / 1e6;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("coordinates out of range");
  const motion = tags.get(0x33);
  const spd = motion !== undefined ? frame.readUInt16LE(motion) / 10 : 0;
  const course = motion !== undefined ? Math.round(frame.readUInt16LE(motion + 2) / 10) % 360 : 0;
  const height = tags.get(0x34);
  const alt = height !== undefined ? frame.readInt16LE(height) : 0;
  const hdop = tags.get(0x35);
  if (hdop !== undefined) attributes.hdop = frame.readUInt8(hdop) / 10;
  const record = tags.get(0x10);
  if (record !== undefined) attributes.index = frame.readUInt16LE(record);
  const status = tags.get(0x40);
  if (status !== undefined) attributes.status = frame.readUInt16LE(status);
  const power = tags.get(0x41);
  if (power !== undefined) attributes.power = frame.readUInt16LE(power) / 1000;
  const battery = tags.get(0x42);
  if (battery !== undefined) attributes.battery = frame.readUInt16LE(battery) / 1000;
  const temp = tags.get(0x43);
  if (temp !== undefined) attributes.deviceTemp = frame.readInt8(temp);
  const outputs = tags.get(0x45);
  if (outputs !== undefined) attributes.output = frame.readUInt16LE(outputs);
  const inputs = tags.get(0x46);
  if (inputs !== undefined) attributes.input = frame.readUInt16LE(inputs);
  for (let t = 0x50; t <= 0x57; t++) {
    const v = tags.get(t);
    if (v !== undefined) attributes[`adc${t - 0x50}`] = frame.readUInt16LE(v);
  }
  const ibutton = tags.get(0x90);
  if (ibutton !== undefined) attributes.driverId = frame.readUInt32LE(ibutton).toString(16).padStart(8, "0");
  const mileage = tags.get(0xd4);
  if (mileage !== undefined) attributes.odometer = frame.readUInt32LE(mileage);
  for (let t = 0x60; t <= 0x6f; t++) {
    const v = tags.get(t);
    if (v === undefined) continue;
    attributes[`fuel${t - 0x60}`] = frame.readUInt16LE(v);
    // Sensors 3-15 add a temperature byte to the level (their size in tags.ts is 3).
    if (tagSize(frame, v - 1, frame.length) === 3) attributes[`fuelTemp${t - 0x60}`] = frame.readInt8(v + 2);
  }
  for (let t = 0x70; t <= 0x77; t++) {
    const v = tags.get(t);
    if (v !== undefined) attributes[`temp${t - 0x70}`] = frame.readInt8(v + 1);
  }
  for (let t = 0xe2; t <= 0xe9; t++) {
    const v = tags.get(t);
    if (v !== undefined) attributes[`userData${t - 0xe2}`] = frame.readUInt32LE(v);
  }
  const userArray = tags.get(0xea);
  // A length byte, then the array: kept as hex when it holds anything.
  const userArrayEnd = userArray !== undefined ? userArray + 1 + frame.readUInt8(userArray) : 0;
  if (userArray !== undefined && userArrayEnd - userArray > 1)
    attributes.userArray = frame.toString("hex", userArray + 1, userArrayEnd);
  if (archive) attributes.archive = true;
  const valid = head >> 4 === 0 && !(lat === 0 && lng === 0);
  const millisAt = tags.get(0x21);
  const millis = millisAt !== undefined ? frame.readUInt16LE(millisAt) : 0;
  return {
    ts: frame.readUInt32LE(time) * 1000 + (millis < 1000 ? millis : 0),
    lat,
    lng,
    alt,
    spd,
    course,
    satt,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
}

/** A tag as the reasons name it: "0xE2". Built only when reading stops, not for every tag. */
const tagName = (tag: number): string => `0x${tag.toString(16).toUpperCase().padStart(2, "0")}`;

/**
 * One whole packet → message. `imei` is the connection's, from an earlier packet (null if none). The ACK is set
 * only when the CRC is right. Never throws.
 */
export function decodeGalileoskyPacket(frame: Buffer, imei: string | null): DecodeResult<DecodedMessage> {
  try {
    if (frame.length < 5 || frame.readUInt8(0) !== HEADER) return { ok: false, error: "bad header" };
    const word = frame.readUInt16LE(1);
    const size = word & 0x7fff;
    if (frame.length !== size + 5) return { ok: false, error: "length mismatch" };
    const crc = frame.readUInt16LE(frame.length - 2);
    if (crc !== crc16Modbus(frame, 0, frame.length - 2)) return { ok: false, error: "CRC mismatch" };
    const archive = (word & 0x8000) !== 0;
    const records: Tags[] = [];
    let current: Tags = new Map();
    let previous = -1;
    let at = 3;
    const end = frame.length - 2;
    let stopped: string | null = null;
    /** The stop fell inside a record (its tag ascends from the previous one): that record is not whole. */
    let cut = false;
    while (at < end) {
      const tag = frame.readUInt8(at);
      const len = tagSize(frame, at, end);
      if (len === undefined) {
        stopped = `galileosky: unknown tag ${tagName(tag)} at offset ${at}`;
        cut = tag > previous;
        break;
      }
      if (at + 1 + len > end) {
        stopped = `galileosky: tag ${tagName(tag)} at offset ${at} runs past the packet`;
        cut = tag > previous;
        break;
      }
      if (tag <= previous) {
        records.push(current);
        current = new Map();
      }
      current.set(tag, at + 1);
      previous = tag;
      at += 1 + len;
    }
    // A record cut short by the stop is not kept: its fields are not all there, and the quarantined packet
    // gives it back whole once a decoder reads the tag.
    if (!cut) records.push(current);
    let id = imei;
    const imeiTag = records[0]?.get(0x03) ?? (stopped !== null ? current.get(0x03) : undefined);
    if (imeiTag !== undefined) {
      const text = deviceText(frame.toString("latin1", imeiTag, imeiTag + IMEI_BYTES), MAX_DEVICE_ID);
      if (!/^\d{15}$/.test(text)) throw new DecodeError("bad IMEI");
      id = text;
    }
    const positions: DecodedPosition[] = [];
    let answer: number | undefined;
    for (const r of records) {
      const position = toPosition(frame, r, archive);
      if (position !== null) positions.push(position);
    }
    for (const r of records) answer ??= r.get(0xe1);
    const kind =
      answer !== undefined
        ? "commandResult"
        : positions.length > 0
          ? "position"
          : imeiTag !== undefined
            ? "login"
            : "heartbeat";
    const message = emptyMessage(kind, id);
    message.positions.push(...positions);
    if (answer !== undefined) {
      // A length byte, then the text.
      const text = frame.toString("latin1", answer + 1, answer + 1 + frame.readUInt8(answer));
      message.attributes.result = deviceText(text, MAX_COMMAND_RESULT);
    }
    if (stopped !== null) {
      message.undecoded = { offset: at, reason: stopped };
      message.raw = frame;
    }
    message.ack = galileoskyAck(crc);
    return { ok: true, value: message };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The server's answer: 0x02 and the packet's CRC, little-endian as in the packet. */
export function galileoskyAck(crc: number): Buffer {
  const out = Buffer.alloc(3);
  out.writeUInt8(0x02, 0);
  out.writeUInt16LE(crc, 1);
  return out;
}

/**
 * One Galileosky connection: the IMEI comes in the first packet (tag 0x03); data before it is refused unless
 * `allowAnonymous`. A packet with a wrong CRC, or naming another IMEI, ends the connection.
 */
export function createGalileoskySession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length === 0) return 0;
    if (buf.readUInt8(0) !== HEADER) throw new DecodeError("bad header");
    if (buf.length < 3) return 0;
    const total = (buf.readUInt16LE(1) & 0x7fff) + 5;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeGalileoskyPacket(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (message.imei === null && !options.allowAnonymous) throw new DecodeError("data before the IMEI");
    imei = keepFrameOfOneDevice(imei, message, out, "packet of another device");
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

// ---- Encoding (device side) ----

export interface GalileoskyRecord {
  index?: number;
  timeMs: number;
  lat: number;
  lng: number;
  satellites: number;
  valid: boolean;
  speedKmh: number;
  course: number;
  altitude: number;
  hdop?: number;
  status?: number;
  powerMv?: number;
  batteryMv?: number;
  odometerM?: number;
}

function tag(id: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([id]), value]);
}
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(Math.max(0, Math.min(0xffff, Math.round(v))));
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(Math.max(0, Math.min(0xffffffff, Math.round(v))));
  return b;
};

function encodeRecord(r: GalileoskyRecord): Buffer {
  const coords = Buffer.alloc(9);
  coords.writeUInt8(((r.valid ? 0 : 1) << 4) | Math.min(15, r.satellites), 0);
  coords.writeInt32LE(Math.round(r.lat * 1e6), 1);
  coords.writeInt32LE(Math.round(r.lng * 1e6), 5);
  const motion = Buffer.concat([u16(r.speedKmh * 10), u16((((r.course % 360) + 360) % 360) * 10)]);
  const height = Buffer.alloc(2);
  height.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(r.altitude))));
  const parts = [
    tag(0x10, u16(r.index ?? 0)),
    tag(0x20, u32(r.timeMs / 1000)),
    tag(0x30, coords),
    tag(0x33, motion),
    tag(0x34, height),
    tag(0x35, Buffer.from([Math.min(255, Math.round((r.hdop ?? 1) * 10))])),
    tag(0x40, u16(r.status ?? 0)),
  ];
  if (r.powerMv !== undefined) parts.push(tag(0x41, u16(r.powerMv)));
  if (r.batteryMv !== undefined) parts.push(tag(0x42, u16(r.batteryMv)));
  if (r.odometerM !== undefined) parts.push(tag(0xd4, u32(r.odometerM)));
  return Buffer.concat(parts);
}

/** Wraps tags with the header, the length (and archive bit) and the CRC. */
export function galileoskyPacket(tags: Buffer, archive = false): Buffer {
  const out = Buffer.alloc(tags.length + 5);
  out.writeUInt8(HEADER, 0);
  out.writeUInt16LE((tags.length & 0x7fff) | (archive ? 0x8000 : 0), 1);
  tags.copy(out, 3);
  out.writeUInt16LE(crc16Modbus(out, 0, out.length - 2), out.length - 2);
  return out;
}

/** A server command packet (IMEI, device id 0, command number, text); also how the device answers one. */
export function encodeGalileoskyCommand(imei: string, index: number, text: string): Buffer {
  const body = Buffer.from(text.slice(0, 255), "latin1");
  return galileoskyPacket(
    Buffer.concat([
      tag(0x03, Buffer.from(imei.padStart(15, "0").slice(-15), "latin1")),
      tag(0x04, u16(0)),
      tag(0xe0, u32(index >>> 0)),
      tag(0xe1, Buffer.concat([Buffer.from([body.length]), body])),
    ]),
  );
}

/** The first packet: hardware and firmware version, IMEI and device id. */
export function encodeGalileoskyHead(imei: string, deviceId = 1): Buffer {
  return galileoskyPacket(
    Buffer.concat([
      tag(0x01, Buffer.from([0x11])),
      tag(0x02, Buffer.from([0xdf])),
      tag(0x03, Buffer.from(imei.padStart(15, "0").slice(-15), "latin1")),
      tag(0x04, u16(deviceId)),
    ]),
  );
}

/** A data packet with one or more records; `archive` sets the length's archive bit. */
export function encodeGalileoskyRecords(records: GalileoskyRecord[], archive = false): Buffer {
  return galileoskyPacket(Buffer.concat(records.map(encodeRecord)), archive);
}
