import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession, keepFrameOfOneDevice } from "../shared/session.ts";
import {
  type Attributes,
  type CellTower,
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  type EncodableFix,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";
import { bcd, readDate } from "./fields.ts";
import { readTopflytechAnswer, readTopflytechNetwork } from "./info.ts";

/**
 * Topflytech binary protocol (T880x+ vehicle trackers with header 0x2525; the older T8803/T8806 with header 0x2323;
 * TLP/TLW personal and solar trackers with header 0x2727; TLD2 with 0x2626), big-endian unless said otherwise:
 *   <header u16> <type u8> <length u16: the whole packet> <serial u16> <IMEI: 8 bytes BCD, 15 digits after a 0> <payload>
 * Types: 0x01 log-in (a version block after the IMEI, not read), 0x03 heartbeat, 0x02/0x13 location, 0x04/0x14
 * alarm (0x13/0x14 the longer IO variant), 0x05 network information and 0x81 the answer to a server setting
 * (`info.ts`). The server answers each with the same header, type, length 15, serial and IMEI; an alarm's answer
 * has 16 bytes, the alarm code appended. The T8803 document (protocol V5.6) has no answer to a 0x2323 location
 * (0x02), and a setting answer (0x81) is itself an answer: neither is answered. There is no checksum: the length
 * and the header frame the stream.
 * Packets whose layout no public document gives are kept whole as `undecoded` (quarantined, then answered like
 * the rest of the family, so the device does not send them again and they can be decoded later): other types
 * (0x10, BLE lists, configuration) and the location and alarm packets of the 0x2626 header (TLD2 trackers: their
 * fields are not those of 0x2525). A 0x2626 log-in and heartbeat are the family's and are read.
 *
 * Server commands (`encodeTopflytechCommand`) are type 0x81 packets from the server with the device's header, the
 * connection's serial and the device's IMEI, then a byte 0x01 and the command as ASCII text; the device answers
 * with its own 0x81 packet (`info.ts`).
 *
 * 0x2525 location payload: ACC-on interval u16, ACC-off interval u16, angle u8, distance u16, GSM u16 (signal in
 * the low 7 bits), status u8 (bits 0-4 satellites, bit 6 positioned: the GPS block follows, else the cells; bit 7
 * a history record sent from the device's buffer: `archive`), G-sensor u8,
 * other flags u8, heartbeat u8, relay u8, drag alarm u16, IO u16 (bit 14 ignition, 13 external power, 12/11
 * inputs 3/4, 7-9 outputs 1-3), [0x13/0x14: outputs u8, reserved u8], analog inputs (2, or 5 for 0x13/0x14) as
 * 4 BCD digits × 0.01 V (FFFF none), alarm u8, reserved u8, mileage u32 m, battery % (2 BCD digits), then the
 * GPS block — date yymmddhhmmss (BCD, UTC), altitude, longitude, latitude (float32 little-endian), speed
 * (4 BCD digits × 0.1 km/h), course u16 — or without a fix the date and the cells: MCC, MNC, then three LAC and
 * cell id pairs (u16 little-endian); last, when present, the external power (4 BCD digits × 0.01 V).
 * 0x2323 location payload: the 0x2525 layout of type 0x02 without the external power; its IO word is kept raw
 * as `io` (the T8803 document gives its bits otherwise, and not legibly: not mapped to ignition or power).
 * 0x2727 location payload: status u8, alarm u8, the same GPS (or cell) block, then acceleration (5 bytes), battery
 * % (2 BCD digits), device temperature i8, light (×0.1), battery V (×0.1), solar panel V (×0.1) as 2 BCD digits
 * each, mileage u32 m, input status u16 (bit 2 ignition); the upload intervals after that are not read.
 */

const HEADERS = new Set([0x2323, 0x2525, 0x2626, 0x2727]);
/** The header whose location and alarm layout is not read (kept whole). */
const UNREAD_LAYOUT_HEADER = 0x2626;
const HEAD_BYTES = 15;
const LOGIN = 0x01;
const HEARTBEAT = 0x03;
const LOCATION = new Set([0x02, 0x13]);
const ALARM = new Set([0x04, 0x14]);
const NETWORK = 0x05;
const SETTING_ANSWER = 0x81;
/** Packets above this are not Topflytech's (its largest, BLE lists, stay well below). */
const MAX_PACKET = 2048;

/** Alarm codes → normalized events (README). Others only as `alarm`. */
const ALARMS: Record<number, string> = {
  1: "powerCut",
  2: "lowBattery",
  3: "sos",
  4: "overspeed",
  5: "geofenceEnter",
  6: "geofenceExit",
  7: "tow",
  8: "vibration",
  10: "vibration",
  21: "jamming",
};

/** The answer to a packet: header, type, length, serial and IMEI as received, and the alarm code if any. */
export function topflytechAck(packet: Buffer, alarm = 0): Buffer {
  const out = Buffer.alloc(alarm > 0 ? HEAD_BYTES + 1 : HEAD_BYTES);
  packet.copy(out, 0, 0, 3);
  out.writeUInt16BE(out.length, 3);
  packet.copy(out, 5, 5, HEAD_BYTES);
  if (alarm > 0) out.writeUInt8(alarm, HEAD_BYTES);
  return out;
}

interface Block {
  ts: number;
  position: { lat: number; lng: number; alt: number; spd: number; course: number } | null;
  cells: CellTower[];
}

/** The GPS block (status bit 6) or, without it, the date and the cells. */
function readBlock(r: Reader, gps: boolean): Block {
  const ts = readDate(r);
  if (gps) {
    const b = r.bytes(14);
    const alt = b.readFloatLE(0);
    const lng = b.readFloatLE(4);
    const lat = b.readFloatLE(8);
    const speed = bcd(b.subarray(12, 14));
    const course = r.u16();
    if (speed === null) throw new DecodeError("bad speed");
    if (![alt, lat, lng].every(Number.isFinite) || Math.abs(lat) > 90 || Math.abs(lng) > 180 || course > 360)
      throw new DecodeError("bad position");
    return { ts, position: { lat, lng, alt, spd: speed / 10, course: course % 360 }, cells: [] };
  }
  const b = r.bytes(16);
  const mcc = b.readUInt16LE(0);
  const mnc = b.readUInt16LE(2);
  const cells: CellTower[] = [];
  if (mcc !== 0xffff && mnc !== 0xffff)
    for (let i = 0; i < 3; i++) {
      const lac = b.readUInt16LE(4 + 4 * i);
      const cid = b.readUInt16LE(6 + 4 * i);
      if (lac !== 0 || cid !== 0) cells.push({ mcc, mnc, lac, cid, rssi: null });
    }
  return { ts, position: null, cells };
}

function readLocation(
  r: Reader,
  header: number,
  type: number,
  attributes: Attributes,
): { block: Block; alarm: number } {
  let status: number;
  let alarm: number;
  if (header !== 0x2727) {
    r.skip(7); // ACC-on and ACC-off intervals, angle, distance
    attributes.rssi = r.u16() & 0x7f;
    status = r.u8();
    r.skip(6); // G-sensor, other flags, heartbeat, relay, drag alarm setting
    const io = r.u16();
    const long = type === 0x13 || type === 0x14;
    if (header === 0x2323) attributes.io = io;
    else {
      attributes.ignition = (io & 0x4000) !== 0;
      attributes.externalPower = (io & 0x2000) !== 0;
      attributes.input3 = (io & 0x1000) !== 0;
      attributes.input4 = (io & 0x0800) !== 0;
    }
    if (long) {
      attributes.output = r.u8();
      r.u8();
    } else if (header === 0x2525)
      for (let i = 0; i < 3; i++) attributes[`output${i + 1}`] = (io & (0x80 << i)) !== 0;
    for (let i = 1; i <= (long ? 5 : 2); i++) {
      const v = bcd(r.bytes(2));
      if (v !== null) attributes[`adc${i}`] = v / 100;
    }
    alarm = r.u8();
    r.u8();
    attributes.odometer = r.u32();
    const battery = bcd(r.bytes(1));
    if (battery !== null) attributes.batteryLevel = battery > 0 ? battery : 100;
  } else {
    status = r.u8();
    alarm = r.u8();
  }
  attributes.satellites = status & 0x1f;
  const block = readBlock(r, (status & 0x40) !== 0);
  // Bit 7 marks a record the device kept while offline, not a bad fix: validity is bit 6 (the GPS block).
  if ((status & 0x80) !== 0) attributes.archive = true;
  if (header !== 0x2727) {
    if (r.remaining >= 2) {
      const power = bcd(r.bytes(2));
      if (power !== null) attributes.power = power / 100;
    }
  } else if (r.remaining >= 15) {
    r.skip(5); // acceleration
    const battery = bcd(r.bytes(1));
    if (battery !== null) attributes.batteryLevel = battery > 0 ? battery : 100;
    attributes.deviceTemp = r.bytes(1).readInt8(0);
    r.skip(1); // light sensor
    const volts = bcd(r.bytes(1));
    if (volts !== null) attributes.battery = volts / 10;
    r.skip(1); // solar panel
    attributes.odometer = r.u32();
    attributes.ignition = (r.u16() & 0x04) !== 0;
  }
  return { block, alarm };
}

/** One whole packet → message with its answer. Never throws. */
export function decodeTopflytechPacket(packet: Buffer): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (packet.length < HEAD_BYTES) throw new DecodeError("packet too short");
    const header = packet.readUInt16BE(0);
    if (!HEADERS.has(header)) throw new DecodeError("bad header");
    if (packet.readUInt16BE(3) !== packet.length) throw new DecodeError("length mismatch");
    const digits = packet.toString("hex", 7, HEAD_BYTES);
    if (!/^0\d{15}$/.test(digits)) throw new DecodeError("bad IMEI");
    const imei = digits.slice(1);
    const type = packet.readUInt8(2);
    const attributes: Attributes = { index: packet.readUInt16BE(5) };
    if (type === LOGIN || type === HEARTBEAT) {
      const message = emptyMessage(type === LOGIN ? "login" : "heartbeat", imei);
      message.ack = topflytechAck(packet);
      return message;
    }
    if (type === NETWORK) {
      const message = readTopflytechNetwork(packet.subarray(HEAD_BYTES), imei);
      message.ack = topflytechAck(packet);
      return message;
    }
    if (type === SETTING_ANSWER) return readTopflytechAnswer(packet.subarray(HEAD_BYTES), imei);
    if ((!LOCATION.has(type) && !ALARM.has(type)) || header === UNREAD_LAYOUT_HEADER) {
      // Kept whole for the quarantine, then answered so the device does not repeat it.
      const message = emptyMessage("unknown", imei);
      message.attributes = { type };
      message.undecoded = {
        offset: HEAD_BYTES,
        reason: `topflytech: packet type 0x${type.toString(16).padStart(2, "0")} of header 0x${header.toString(16)} not read`,
      };
      message.ack = topflytechAck(packet);
      return message;
    }
    const r = new Reader(packet.subarray(HEAD_BYTES));
    const { block, alarm } = readLocation(r, header, type, attributes);
    if (alarm > 0) {
      attributes.alarm = alarm;
      const event = ALARMS[alarm];
      if (event) attributes.event = event;
    }
    const kind = ALARM.has(type) || attributes.event ? "alarm" : block.position ? "position" : "lbs";
    const message = emptyMessage(kind, imei);
    const unanswered = header === 0x2323 && !ALARM.has(type);
    message.ack = unanswered ? null : topflytechAck(packet, ALARM.has(type) ? alarm : 0);
    if (block.position) {
      const { satellites, ...rest } = attributes;
      const satt = Number(satellites);
      const valid = !(block.position.lat === 0 && block.position.lng === 0);
      const position: DecodedPosition = {
        ts: block.ts,
        ...block.position,
        satt,
        valid,
        src: valid ? 1 : 2,
        attributes: rest,
      };
      message.positions.push(position);
    } else {
      message.attributes = attributes;
      message.ts = block.ts;
      if (block.cells.length > 0) message.cells = block.cells;
    }
    return message;
  });
}

/** One Topflytech connection: the first packet names the device; a packet of another device ends it. */
export function createTopflytechSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = Math.min(options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES, MAX_PACKET);
  let imei: string | null = null;
  function step(buf: Buffer, out: StreamOutput): number {
    const first = buf[0];
    if (first !== undefined && first !== 0x23 && first !== 0x25 && first !== 0x26 && first !== 0x27)
      throw new DecodeError("bad header");
    if (buf.length < 2) return 0;
    if (!HEADERS.has(buf.readUInt16BE(0))) throw new DecodeError("bad header");
    if (buf.length < 5) return 0;
    const total = buf.readUInt16BE(3);
    if (total < HEAD_BYTES) throw new DecodeError("packet too short");
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeTopflytechPacket(buf.subarray(0, total));
    if (!res.ok) throw new DecodeError(res.error);
    imei = keepFrameOfOneDevice(imei, res.value, out, "packet of another device");
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

// ---- Encoding (device side) ----

const toBcd = (value: number, digits: number): Buffer =>
  Buffer.from(
    String(Math.max(0, Math.round(value)))
      .padStart(digits, "0")
      .slice(-digits),
    "hex",
  );

/** A packet: header, type, length, serial, IMEI, payload. */
export function topflytechPacket(
  header: number,
  type: number,
  serial: number,
  imei: string,
  payload: Buffer,
): Buffer {
  const out = Buffer.alloc(HEAD_BYTES + payload.length);
  out.writeUInt16BE(header, 0);
  out.writeUInt8(type, 2);
  out.writeUInt16BE(out.length, 3);
  out.writeUInt16BE(serial & 0xffff, 5);
  Buffer.from(`0${imei.padStart(15, "0").slice(-15)}`, "hex").copy(out, 7);
  payload.copy(out, HEAD_BYTES);
  return out;
}

/** The byte before a command's text in a server 0x81 packet. */
const COMMAND_TEXT = 0x01;

/**
 * A server command (0x81) for the device `imei`: `header` is the one the device writes (0x2525 when unknown), the
 * payload 0x01 and the ASCII command.
 */
export function encodeTopflytechCommand(imei: string, serial: number, text: string, header = 0x2525): Buffer {
  const payload = Buffer.concat([Buffer.from([COMMAND_TEXT]), Buffer.from(text, "latin1")]);
  return topflytechPacket(header, SETTING_ANSWER, serial, imei, payload);
}

/** A server command as the device reads it (simulator, tests): its serial and text; null for any other packet. */
export function readTopflytechCommand(packet: Buffer): { serial: number; text: string } | null {
  if (packet.length < HEAD_BYTES + 1 || !HEADERS.has(packet.readUInt16BE(0))) return null;
  if (packet[2] !== SETTING_ANSWER || packet.readUInt16BE(3) !== packet.length) return null;
  if (packet[HEAD_BYTES] !== COMMAND_TEXT) return null;
  return { serial: packet.readUInt16BE(5), text: packet.toString("latin1", HEAD_BYTES + 1) };
}

/**
 * The device's answer (0x81) to a command: 0x01 and the reply as UTF-16LE text, as the devices write it.
 */
export const encodeTopflytechAnswer = (imei: string, serial: number, text: string, header = 0x2525): Buffer =>
  topflytechPacket(
    header,
    SETTING_ANSWER,
    serial,
    imei,
    Buffer.concat([Buffer.from([COMMAND_TEXT]), Buffer.from(text, "utf16le")]),
  );

export interface TopflytechFix extends EncodableFix {
  /** Sent from the device's buffer (status bit 7). */
  archive?: boolean;
  odometerM?: number;
  batteryPct?: number;
  powerV?: number;
}

function dateBcd(ms: number): Buffer {
  const d = new Date(ms);
  const parts = [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  return Buffer.concat(parts.map((p) => toBcd(p, 2)));
}

/**
 * A 0x2525 location (type 0x02) or alarm (0x04, with its code): with a GPS block when the fix is valid, else (as a
 * device without a fix does) the date and an empty cell block.
 */
export function encodeTopflytechLocation(
  imei: string,
  serial: number,
  fix: TopflytechFix,
  alarm = 0,
): Buffer {
  const head = Buffer.alloc(18);
  head.writeUInt16BE(30, 0); // ACC-on interval, s
  head.writeUInt16BE(300, 2); // ACC-off interval, s
  head.writeUInt8(30, 4); // angle
  head.writeUInt16BE(500, 5); // distance
  head.writeUInt16BE(25, 7); // GSM signal
  head.writeUInt8(
    (Math.min(31, fix.satellites) & 0x1f) | (fix.valid ? 0x40 : 0) | (fix.archive ? 0x80 : 0),
    9,
  );
  head.writeUInt16BE(fix.ignition ? 0x6000 : 0x2000, 16); // IO: external power, ignition
  const tail = Buffer.alloc(2);
  tail.writeUInt8(alarm, 0);
  const odometer = Buffer.alloc(4);
  odometer.writeUInt32BE(Math.round(fix.odometerM ?? 0));
  const gps = Buffer.alloc(12);
  gps.writeFloatLE(fix.altitude, 0);
  gps.writeFloatLE(fix.lng, 4);
  gps.writeFloatLE(fix.lat, 8);
  const course = Buffer.alloc(2);
  course.writeUInt16BE(Math.round(fix.course) % 360);
  const payload = Buffer.concat([
    head,
    Buffer.from("ffffffff", "hex"), // analog inputs: none
    tail,
    odometer,
    toBcd(fix.batteryPct ?? 90, 2),
    dateBcd(fix.timeMs),
    ...(fix.valid ? [gps, toBcd(fix.speedKmh * 10, 4), course] : [Buffer.alloc(16, 0xff)]),
    toBcd((fix.powerV ?? 12.6) * 100, 4),
  ]);
  return topflytechPacket(0x2525, alarm > 0 ? 0x04 : 0x02, serial, imei, payload);
}

/** The log-in (0x01) and heartbeat (0x03) packets, with an empty payload. */
export const encodeTopflytechLogin = (imei: string, serial: number): Buffer =>
  topflytechPacket(0x2525, LOGIN, serial, imei, Buffer.alloc(0));
export const encodeTopflytechHeartbeat = (imei: string, serial: number): Buffer =>
  topflytechPacket(0x2525, HEARTBEAT, serial, imei, Buffer.alloc(0));
