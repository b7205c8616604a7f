/**
 * Concox GT06 TCP encoder (device side), after the Concox "GPS Tracker Communication Protocol" documents:
 * 0x78 0x78 | length | protocol number | content | serial (2) | CRC-ITU over length..serial | 0x0D 0x0A.
 * "length" counts protocol number + content + serial + CRC.
 */
import { crc16X25 } from "./crc.ts";

export const GT06_LOGIN = 0x01;
export const GT06_HEARTBEAT = 0x13;
export const GT06_LOCATION = 0x22;
export const GT06_ALARM = 0x26;

/** Alarm codes of the 0x26 packet that the simulator raises. */
export const GT06_ALARM_CODE = {
  normal: 0x00,
  sos: 0x01,
  powerCut: 0x02,
  shock: 0x03,
  overspeed: 0x06,
} as const;

export function gt06Frame(protocol: number, content: Uint8Array, serial: number): Buffer {
  const length = 1 + content.length + 2 + 2;
  const b = Buffer.alloc(2 + 1 + length + 2);
  b[0] = 0x78;
  b[1] = 0x78;
  b[2] = length;
  b[3] = protocol;
  b.set(content, 4);
  let o = b.writeUInt16BE(serial & 0xffff, 4 + content.length);
  o = b.writeUInt16BE(crc16X25(b, 2, o), o);
  b[o] = 0x0d;
  b[o + 1] = 0x0a;
  return b;
}

/** Terminal ID: the 15-digit IMEI as 8 BCD bytes with a leading 0 nibble ("0123456789012345"). */
export function encodeLogin(imei: string, serial: number): Buffer {
  if (!/^\d{1,16}$/.test(imei)) throw new RangeError(`IMEI must be digits: ${imei}`);
  return gt06Frame(GT06_LOGIN, Buffer.from(imei.padStart(16, "0"), "hex"), serial);
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
export function encodeLocation(
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
  return gt06Frame(GT06_LOCATION, b, serial);
}

/** 0x13 heartbeat/status: terminal info, voltage level, GSM signal, alarm (0) + language (0x02 English). */
export function encodeHeartbeat(status: Gt06Status, serial: number): Buffer {
  const b = Buffer.from([terminalInfo(status), status.voltageLevel, status.gsmSignal, 0x00, 0x02]);
  return gt06Frame(GT06_HEARTBEAT, b, serial);
}

/** 0x26 alarm: GPS block, LBS length + MCC/MNC/LAC/CellID, terminal info, voltage, GSM, alarm code + language. */
export function encodeAlarm(
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
  return gt06Frame(GT06_ALARM, b, serial);
}

export interface Gt06Packet {
  protocol: number;
  content: Buffer;
  serial: number;
}

/**
 * Splits a byte stream into 0x7878 frames, checking the CRC. Used by the client to read server replies and by the
 * tests' fake server. Returns the parsed packets and the unconsumed tail; throws on a corrupt frame.
 */
export function splitGt06Frames(buf: Buffer): { packets: Gt06Packet[]; rest: Buffer } {
  const packets: Gt06Packet[] = [];
  let o = 0;
  while (buf.length - o >= 5) {
    if (buf[o] !== 0x78 || buf[o + 1] !== 0x78) throw new Error(`GT06: bad start bytes at ${o}`);
    const length = buf[o + 2]!;
    const total = 2 + 1 + length + 2;
    if (buf.length - o < total) break;
    const crcAt = o + 3 + length - 2;
    if (crc16X25(buf, o + 2, crcAt) !== buf.readUInt16BE(crcAt)) throw new Error("GT06: CRC mismatch");
    if (buf[o + total - 2] !== 0x0d || buf[o + total - 1] !== 0x0a) throw new Error("GT06: bad stop bytes");
    packets.push({
      protocol: buf[o + 3]!,
      content: buf.subarray(o + 4, crcAt - 2),
      serial: buf.readUInt16BE(crcAt - 2),
    });
    o += total;
  }
  return { packets, rest: buf.subarray(o) };
}

/** Server reply to login, heartbeat and alarm: the same protocol number and serial, empty content. */
export function encodeGt06Ack(protocol: number, serial: number): Buffer {
  return gt06Frame(protocol, Buffer.alloc(0), serial);
}
