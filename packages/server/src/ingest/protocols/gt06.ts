import { crc16X25 } from "./crc.ts";
import { GT06_COMMAND_REPLY, GT06_COMMAND_REPLY_2, readGt06Reply } from "./gt06-commands.ts";
import { attempt, DecodeError, Reader } from "./reader.ts";
import { createFramedSession } from "./session.ts";
import {
  type Attributes,
  type CellInfo,
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "./types.ts";

/**
 * GT06 / Concox over TCP (Concox "GPS Tracker Communication Protocol", GT06N/GT06F/GT06E):
 *   0x7878 | len u8  | protocol | content | serial u16 | CRC-16/X25 | 0x0D0A   (len = proto..CRC)
 *   0x7979 | len u16 | protocol | content | serial u16 | CRC-16/X25 | 0x0D0A   (extended packets)
 * The CRC covers length..serial. The IMEI is only sent in the login packet, hence the session.
 */

export const GT06_LOGIN = 0x01;
export const GT06_GPS = 0x12;
export const GT06_GPS_2 = 0x22;
export const GT06_LBS = 0x11;
export const GT06_LBS_MULTI = 0x28;
export const GT06_STATUS = 0x13;
export const GT06_ALARM = 0x16;
export const GT06_ALARM_2 = 0x26;

/** Packets the Concox document says the server must answer; GPS/LBS packets get no reply. */
const ACKED = new Set([GT06_LOGIN, GT06_STATUS, GT06_ALARM, GT06_ALARM_2]);

/** Alarm byte of 0x16/0x26 packets. Codes not listed here are still reported raw as `alarm`. */
const ALARM_EVENTS: Record<number, string> = {
  1: "sos",
  2: "powerCut",
  3: "vibration",
  4: "geofenceEnter",
  5: "geofenceExit",
  6: "overspeed",
  9: "tow", // "displacement": moved while parked
  14: "lowBattery", // external battery low
  25: "lowBattery", // internal battery low
};

/** Builds the server reply: same framing and protocol number, echoing the packet's serial. */
export function gt06Ack(protocol: number, serial: number, extended = false): Buffer {
  const body = extended
    ? Buffer.from([0x00, 0x05, protocol, serial >> 8, serial & 0xff])
    : Buffer.from([0x05, protocol, serial >> 8, serial & 0xff]);
  const crc = crc16X25(body);
  return Buffer.concat([
    Buffer.from(extended ? [0x79, 0x79] : [0x78, 0x78]),
    body,
    Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a]),
  ]);
}

/** "YY MM DD hh mm ss" in UTC; null when the device has no clock yet (zeros) or the bytes are corrupt. */
function readDate(r: Reader): number | null {
  const [y, mo, d, h, mi, s] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return Date.UTC(2000 + y, mo - 1, d, h, mi, s);
}

function readCell(r: Reader, ts: number): CellInfo {
  let mcc = r.u16();
  // Newer firmware sets the MCC top bit to announce a 2-byte MNC.
  const wideMnc = (mcc & 0x8000) !== 0;
  mcc &= 0x7fff;
  const mnc = wideMnc ? r.u16() : r.u8();
  return { ts, mcc, mnc, lac: r.u16(), cid: r.u24() };
}

function cellAttributes(cell: CellInfo): Attributes {
  return { mcc: cell.mcc, mnc: cell.mnc, lac: cell.lac, cid: cell.cid };
}

/** Date, satellites, coordinates, speed and the course/status word shared by GPS and alarm packets. */
function readGps(r: Reader): DecodedPosition | null {
  const ts = readDate(r);
  const satt = r.u8() & 0x0f; // high nibble is the GPS info length, always 12
  let lat = r.u32() / 1_800_000; // raw unit is 1/30000 minute
  let lng = r.u32() / 1_800_000;
  const spd = r.u8();
  const flags = r.u16();
  if (!(flags & 0x0400)) lat = -lat; // bit 10 set = north
  if (flags & 0x0800) lng = -lng; // bit 11 set = west
  const positioned = (flags & 0x1000) !== 0;
  if (ts === null) return null;
  const valid = positioned && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
  const course = (flags & 0x03ff) % 360;
  return { ts, lat, lng, alt: 0, spd, course, satt, valid, src: valid ? 1 : 2, attributes: {} };
}

/** Terminal information, voltage level and GSM signal (status and alarm packets). */
function readStatus(r: Reader, out: Attributes): void {
  const info = r.u8();
  out.armed = (info & 0x01) !== 0;
  out.ignition = (info & 0x02) !== 0;
  out.charging = (info & 0x04) !== 0;
  out.gpsTracking = (info & 0x40) !== 0;
  out.immobilized = (info & 0x80) !== 0; // oil/electricity cut
  const level = r.u8();
  out.voltageLevel = level;
  // 0-6 scale in the document; expressed as a percentage so all protocols share `batteryLevel`.
  if (level <= 6) out.batteryLevel = Math.round((level * 100) / 6);
  out.rssi = r.u8(); // 0-4 bars
}

function decodeContent(protocol: number, r: Reader, message: DecodedMessage): void {
  switch (protocol) {
    case GT06_LOGIN: {
      // 8 bytes of BCD: 16 digits with a leading 0 pad in front of the 15-digit IMEI.
      const digits = r.bytes(8).toString("hex").replace(/^0/, "");
      if (!/^\d{15,16}$/.test(digits)) throw new DecodeError("login IMEI is not BCD");
      message.kind = "login";
      message.imei = digits;
      return;
    }
    case GT06_GPS:
    case GT06_GPS_2: {
      const p = readGps(r);
      const cell = readCell(r, p?.ts ?? 0);
      if (!p) return;
      Object.assign(p.attributes, cellAttributes(cell));
      if (protocol === GT06_GPS_2) {
        p.attributes.ignition = r.u8() !== 0;
        p.attributes.uploadMode = r.u8();
        p.attributes.archive = r.u8() === 1; // 0 real time, 1 re-upload of stored fixes
        // Newer firmware appends the device's mileage counter (metres) after the re-upload flag.
        if (r.remaining >= 4) p.attributes.odometer = r.u32();
      }
      message.positions.push(p);
      return;
    }
    case GT06_LBS:
    case GT06_LBS_MULTI: {
      const ts = readDate(r);
      const cell = readCell(r, ts ?? 0);
      if (protocol === GT06_LBS_MULTI) message.attributes.rssi = r.u8();
      message.kind = "lbs";
      if (ts === null) return;
      message.cell = cell;
      Object.assign(message.attributes, cellAttributes(cell));
      return;
    }
    case GT06_STATUS:
      message.kind = "heartbeat";
      readStatus(r, message.attributes);
      return;
    case GT06_ALARM:
    case GT06_ALARM_2: {
      message.kind = "alarm";
      const p = readGps(r);
      const lbsLen = r.u8(); // includes itself
      const lbs = new Reader(r.bytes(Math.max(0, lbsLen - 1)));
      const attrs = message.attributes;
      if (lbs.remaining >= 8) Object.assign(attrs, cellAttributes(readCell(lbs, 0)));
      readStatus(r, attrs);
      const alarm = r.u8();
      attrs.alarm = alarm;
      const event = ALARM_EVENTS[alarm];
      if (event) attrs.event = event;
      // The alarm must survive a missing fix, so it lives on the message; the position gets a copy.
      if (p) {
        Object.assign(p.attributes, attrs);
        message.positions.push(p);
      }
      return;
    }
    case GT06_COMMAND_REPLY:
    case GT06_COMMAND_REPLY_2: {
      // Replies to our 0x80 commands; the document asks for no server answer to them.
      const reply = readGt06Reply(protocol, r);
      message.kind = "commandResult";
      message.attributes.result = reply.text;
      message.attributes.serverFlag = reply.serverFlag;
      return;
    }
    default:
      message.kind = "unknown";
      message.attributes.protocol = protocol;
  }
}

/** Decodes one complete frame (start bits through stop bits), verifying length, stop bits and CRC. */
export function decodeGt06Frame(frame: Buffer, imei: string | null): DecodeResult<DecodedMessage> {
  return attempt(() => {
    const r = new Reader(frame);
    const start = r.u16();
    if (start !== 0x7878 && start !== 0x7979) throw new DecodeError("bad start bits");
    const extended = start === 0x7979;
    const len = extended ? r.u16() : r.u8();
    if (len < 5) throw new DecodeError(`length ${len} too small`);
    if (frame.length !== r.offset + len + 2) throw new DecodeError("length field does not match frame size");
    if (frame.readUInt16BE(frame.length - 2) !== 0x0d0a) throw new DecodeError("bad stop bits");
    const crc = crc16X25(frame.subarray(2, frame.length - 4));
    if (frame.readUInt16BE(frame.length - 4) !== crc) throw new DecodeError("CRC mismatch");
    const protocol = r.u8();
    const serial = frame.readUInt16BE(frame.length - 6);
    const content = new Reader(r.bytes(len - 5));
    const message = emptyMessage("position", imei);
    decodeContent(protocol, content, message);
    message.attributes.serial = serial;
    if (ACKED.has(protocol)) message.ack = gt06Ack(protocol, serial, extended);
    return message;
  });
}

/** Framer for one GT06 connection. Data before the login packet is refused unless allowAnonymous. */
export function createGt06Session(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;

  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length < 2) return 0;
    const start = buf.readUInt16BE(0);
    let total: number;
    if (start === 0x7878) {
      if (buf.length < 3) return 0;
      total = buf.readUInt8(2) + 5;
    } else if (start === 0x7979) {
      if (buf.length < 4) return 0;
      total = buf.readUInt16BE(2) + 6;
    } else {
      throw new DecodeError("bad start bits");
    }
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeGt06Frame(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (message.kind === "login") imei = message.imei;
    else if (imei === null && !options.allowAnonymous) throw new DecodeError("data before login");
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }

  return createFramedSession(step, maxFrame, () => imei);
}
