import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import {
  type Attributes,
  type CellInfo,
  type CellTower,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type WifiAccessPoint,
} from "../shared/types.ts";
import { GT06_COMMAND_REPLY, GT06_COMMAND_REPLY_2, readGt06Reply } from "./commands.ts";
import { encodeGt06Frame, gt06Ack, readGt06Frame } from "./frame.ts";

/**
 * GT06 / Concox packet contents, both directions: the device's login, GPS, status and alarm packets as the
 * simulator encodes them, and their decoding into normalized messages for the server. The IMEI is only sent in
 * the login packet, hence the server's session (session.ts). Framing is in frame.ts.
 */

export const GT06_LOGIN = 0x01;
export const GT06_GPS = 0x12;
export const GT06_GPS_2 = 0x22;
export const GT06_LBS = 0x11;
export const GT06_LBS_MULTI = 0x28;
/** Concox extended: the serving and neighbour cells plus the Wi-Fi access points the terminal hears. */
export const GT06_WIFI = 0x2c;
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
  // Vehicle trackers of the family (GT06E, GV20…) report the door input and tampering with these codes.
  19: "tamper",
  20: "doorOpen",
};

/** Alarm codes of the 0x26 packet that the simulator raises. */
export const GT06_ALARM_CODE = {
  normal: 0x00,
  sos: 0x01,
  powerCut: 0x02,
  shock: 0x03,
  overspeed: 0x06,
} as const;

// ---- Encoding (device side) ----

/** Terminal ID: the 15-digit IMEI as 8 BCD bytes with a leading 0 nibble ("0123456789012345"). */
export function encodeGt06Login(imei: string, serial: number): Buffer {
  if (!/^\d{1,16}$/.test(imei)) throw new RangeError(`IMEI must be digits: ${imei}`);
  return encodeGt06Frame(GT06_LOGIN, Buffer.from(imei.padStart(16, "0"), "hex"), serial);
}

export interface Gt06Fix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  satellites: number;
  positioned: boolean;
}

export interface Gt06Cell {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

export interface Gt06Status {
  acc: boolean;
  charging: boolean;
  gpsTracking: boolean;
  /** 0 (no power) .. 6 (very high), the document's voltage level scale. */
  voltageLevel: number;
  /** 0 (no signal) .. 4 (strong). */
  gsmSignal: number;
}

/** Date and time: six binary bytes YY MM DD hh mm ss, UTC. */
function writeDate(b: Buffer, o: number, ms: number): number {
  const d = new Date(ms);
  const parts = [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  for (const p of parts) o = b.writeUInt8(p, o);
  return o;
}

/**
 * GPS block shared by 0x22 and 0x26: date (6), length-of-GPS-info/satellites (1: high nibble 12, low nibble
 * satellites), latitude (4), longitude (4) as |degrees| × 60 × 30000, speed km/h (1), course/status (2).
 * Course/status bits (document, BYTE_1 bits 5..2 = word bits 13..10): 13 differential positioning, 12 GPS
 * positioned, 11 west longitude when set, 10 north latitude when set; bits 9..0 course.
 */
function writeGps(b: Buffer, o: number, f: Gt06Fix): number {
  o = writeDate(b, o, f.timeMs);
  o = b.writeUInt8(0xc0 | Math.min(15, Math.max(0, f.satellites)), o);
  o = b.writeUInt32BE(Math.round(Math.abs(f.lat) * 1_800_000), o);
  o = b.writeUInt32BE(Math.round(Math.abs(f.lng) * 1_800_000), o);
  o = b.writeUInt8(Math.min(255, Math.max(0, Math.round(f.speedKmh))), o);
  let cs = (Math.round(f.course) % 360) & 0x3ff;
  if (f.positioned) cs |= 1 << 12;
  if (f.lng < 0) cs |= 1 << 11;
  if (f.lat >= 0) cs |= 1 << 10;
  return b.writeUInt16BE(cs, o);
}

function writeCell(b: Buffer, o: number, c: Gt06Cell): number {
  o = b.writeUInt16BE(c.mcc, o);
  o = b.writeUInt8(c.mnc, o);
  o = b.writeUInt16BE(c.lac, o);
  return b.writeUIntBE(c.cellId & 0xffffff, o, 3);
}

/**
 * Terminal information byte: bit 7 oil/electricity cut, bit 6 GPS tracking on, bits 5..3 alarm
 * (100 SOS, 011 low battery, 010 power cut, 001 shock, 000 normal), bit 2 charging, bit 1 ACC high, bit 0 armed.
 */
function terminalInfo(s: Gt06Status): number {
  return (s.gpsTracking ? 0x40 : 0) | (s.charging ? 0x04 : 0) | (s.acc ? 0x02 : 0);
}

export interface Gt06LocationOptions {
  /** 0x00 timed upload, 0x03 ACC status change (document's "data upload mode"). */
  uploadMode: number;
  /** True when the record comes from the device's memory after a connection loss. */
  reupload: boolean;
  /** Optional trailing mileage field, metres. */
  mileageM?: number;
}

/** 0x22 GPS + LBS + status: GPS block, MCC/MNC/LAC/CellID, ACC, data upload mode, re-upload flag, [mileage]. */
export function encodeGt06Location(
  fix: Gt06Fix,
  cell: Gt06Cell,
  acc: boolean,
  opts: Gt06LocationOptions,
  serial: number,
): Buffer {
  const b = Buffer.alloc(18 + 8 + 3 + (opts.mileageM === undefined ? 0 : 4));
  let o = writeGps(b, 0, fix);
  o = writeCell(b, o, cell);
  o = b.writeUInt8(acc ? 1 : 0, o);
  o = b.writeUInt8(opts.uploadMode, o);
  o = b.writeUInt8(opts.reupload ? 1 : 0, o);
  if (opts.mileageM !== undefined) b.writeUInt32BE(Math.max(0, Math.round(opts.mileageM)) >>> 0, o);
  return encodeGt06Frame(GT06_GPS_2, b, serial);
}

/** 0x13 heartbeat/status: terminal info, voltage level, GSM signal, alarm (0) + language (0x02 English). */
export function encodeGt06Status(status: Gt06Status, serial: number): Buffer {
  const b = Buffer.from([terminalInfo(status), status.voltageLevel, status.gsmSignal, 0x00, 0x02]);
  return encodeGt06Frame(GT06_STATUS, b, serial);
}

/** 0x26 alarm: GPS block, LBS length + MCC/MNC/LAC/CellID, terminal info, voltage, GSM, alarm code + language. */
export function encodeGt06Alarm(
  fix: Gt06Fix,
  cell: Gt06Cell,
  status: Gt06Status,
  alarm: number,
  serial: number,
): Buffer {
  const b = Buffer.alloc(18 + 1 + 8 + 5);
  let o = writeGps(b, 0, fix);
  o = b.writeUInt8(9, o); // LBS length: itself + MCC 2 + MNC 1 + LAC 2 + CellID 3
  o = writeCell(b, o, cell);
  o = b.writeUInt8(terminalInfo(status) | (alarm === GT06_ALARM_CODE.sos ? 0x20 : 0), o);
  o = b.writeUInt8(status.voltageLevel, o);
  o = b.writeUInt8(status.gsmSignal, o);
  o = b.writeUInt8(alarm, o);
  b.writeUInt8(0x02, o);
  return encodeGt06Frame(GT06_ALARM_2, b, serial);
}

/**
 * 0x2C (Concox): date, serving cell and its signal, six neighbour slots (zeros when unused), timing advance, and
 * the Wi-Fi access points heard (MAC + signal in -dBm). What a terminal without a fix reports indoors.
 */
export function encodeGt06Wifi(
  timeMs: number,
  cell: Gt06Cell & { rssi: number },
  neighbours: readonly (Pick<Gt06Cell, "lac" | "cellId"> & { rssi: number })[],
  wifi: readonly { mac: string; rssi: number }[],
  serial: number,
): Buffer {
  const b = Buffer.alloc(6 + 8 + 1 + 6 * 6 + 1 + 1 + wifi.length * 7);
  let o = writeDate(b, 0, timeMs);
  o = writeCell(b, o, cell);
  o = b.writeUInt8(cell.rssi & 0xff, o);
  for (let i = 0; i < 6; i++) {
    const n = neighbours[i];
    o = b.writeUInt16BE(n?.lac ?? 0, o);
    o = b.writeUIntBE((n?.cellId ?? 0) & 0xffffff, o, 3);
    o = b.writeUInt8(n?.rssi ?? 0, o);
  }
  o = b.writeUInt8(0, o); // timing advance
  o = b.writeUInt8(wifi.length, o);
  for (const ap of wifi) {
    for (const byte of ap.mac.split(":")) o = b.writeUInt8(Number.parseInt(byte, 16), o);
    o = b.writeUInt8(Math.min(255, Math.abs(ap.rssi)), o);
  }
  return encodeGt06Frame(GT06_WIFI, b, serial);
}

// ---- Decoding (server side) ----

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
    case GT06_LBS: {
      const ts = readDate(r);
      const cell = readCell(r, ts ?? 0);
      message.kind = "lbs";
      if (ts === null) return;
      message.cell = cell;
      Object.assign(message.attributes, cellAttributes(cell));
      return;
    }
    case GT06_LBS_MULTI:
    case GT06_WIFI: {
      // Concox "LBS multiple bases" (0x28) and its Wi-Fi variant (0x2C): date, serving cell with its signal,
      // up to six neighbours (LAC u16, cell id u24, signal u8; zeros when absent), timing advance, then for
      // 0x2C a count of access points, each a MAC (6) and a signal (u8, -dBm).
      const ts = readDate(r);
      const cell = readCell(r, ts ?? 0);
      const rssi = r.u8();
      message.kind = "lbs";
      message.attributes.rssi = rssi;
      const cells: CellTower[] = [{ mcc: cell.mcc, mnc: cell.mnc, lac: cell.lac, cid: cell.cid, rssi }];
      for (let i = 0; i < 6 && r.remaining >= 6; i++) {
        const lac = r.u16();
        const cid = r.u24();
        const signal = r.u8();
        if (lac !== 0 || cid !== 0) cells.push({ mcc: cell.mcc, mnc: cell.mnc, lac, cid, rssi: signal });
      }
      const wifi: WifiAccessPoint[] = [];
      if (protocol === GT06_WIFI && r.remaining >= 2) {
        r.u8(); // timing advance
        const count = r.u8();
        for (let i = 0; i < count && r.remaining >= 7; i++) {
          const mac = [...r.bytes(6)].map((b) => b.toString(16).padStart(2, "0")).join(":");
          wifi.push({ mac, rssi: -r.u8() });
        }
      }
      if (ts === null) return;
      message.cell = cell;
      message.ts = ts;
      message.cells = cells;
      if (wifi.length > 0) message.wifi = wifi;
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
    const { protocol, content, serial, extended } = readGt06Frame(frame);
    const message = emptyMessage("position", imei);
    decodeContent(protocol, new Reader(content), message);
    message.attributes.serial = serial;
    if (ACKED.has(protocol)) message.ack = gt06Ack(protocol, serial, extended);
    return message;
  });
}
