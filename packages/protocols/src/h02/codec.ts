import { DecodeError } from "../shared/reader.ts";
import {
  type Attributes,
  type CellTower,
  type DecodedMessage,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamSession,
} from "../shared/types.ts";
import {
  deviceId,
  fieldText,
  formatNmea,
  formatUtc,
  hexInt,
  int,
  KNOTS_TO_KMH,
  measured,
  nmeaDegrees,
  type TextFix,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession, delimitedFrameSize } from "../text/session.ts";

/**
 * H02 (Sinotrack and the many H02-family trackers; "TQ GPRS transport protocol"), both directions:
 *   text    *HQ,<id>,V1,hhmmss,A|V,ddmm.mmmm,N|S,dddmm.mmmm,E|W,<knots>,<course>,ddmmyy,<status hex>[,mcc,mnc,lac,cid]#
 *           *HQ,<id>,V4,<cmd>,<cmd hhmmss>,hhmmss,A|V,...same as V1...#   (a command's confirmation, with a fix)
 *           *HQ,<id>,HTBT#                                                   (heartbeat)
 *           *HQ,<id>,NBR,hhmmss,mcc,mnc,ta,n,(lac,cid,rxlev)×n,ddmmyy,<status>#  (cell towers, no fix)
 *   binary  '$' id(5 BCD) hhmmss(3 BCD) ddmmyy(3 BCD) lat(4 BCD ddmmmmmm) byte lng(4½ BCD dddmmmmmm) flags(½)
 *           speed knots(1½ BCD) course(1½ BCD) status(4) [vendor bytes]
 * "HQ" is the maker code; any two capital letters are accepted. Times are UTC. The document defines no server
 * answer to uploads: nothing is sent back. The status word is negative logic (a 0 bit is the active state).
 */

export const H02_HEARTBEAT = "HTBT";
/**
 * Reports laid out as V1 up to the status word (time, validity, coordinates, speed, course, date, status); what
 * follows differs by model (cells, an ICCID, counters) and only V1's serving cell is read.
 */
const FIX_TYPES = new Set(["V1", "VP1", "V5", "V6", "V8"]);
/** Bytes of the binary frame up to the status word; devices append vendor bytes after it. */
const BINARY_CORE = 29;
/** Longest binary frame accepted: the core and the longest vendor tail seen. */
const BINARY_MAX = 64;

/** Status bits (negative logic: the bit is 0 while the condition holds). */
const STATUS_SOS = 1;
const STATUS_OVERSPEED = 2;
const STATUS_ACC_OFF = 10;
const STATUS_POWER_CUT = 19;

const active = (status: number, bit: number): boolean => Math.floor(status / 2 ** bit) % 2 === 0;

/** Ignition, the raw status and the alarm the status word raises (SOS wins over power cut over overspeed). */
export function h02StatusAttributes(status: number): Attributes {
  const out: Attributes = {
    status: status.toString(16).padStart(8, "0"),
    ignition: !active(status, STATUS_ACC_OFF),
  };
  if (active(status, STATUS_SOS)) out.event = "sos";
  else if (active(status, STATUS_POWER_CUT)) out.event = "powerCut";
  else if (active(status, STATUS_OVERSPEED)) out.event = "overspeed";
  return out;
}

/** The start of the next frame of this device after a binary frame: '$' + the same id, or a text frame. */
function nextFrameAt(buf: Buffer): number {
  const id = buf.subarray(0, 6);
  for (let at = BINARY_CORE; at < Math.min(buf.length, BINARY_MAX + 1); at++) {
    const b = buf.readUInt8(at);
    if (b === 0x2a && at + 4 <= buf.length && /^\*[A-Z]{2},$/.test(buf.toString("latin1", at, at + 4)))
      return at;
    if (b === 0x24 && at + 6 <= buf.length && buf.subarray(at, at + 6).equals(id)) return at;
  }
  return -1;
}

/**
 * Text frames end at '#'. A binary frame has no length and no terminator, and its tail differs between
 * models, so it ends where the device's next frame starts: it is decoded when the next one arrives (or, for the
 * CLI, at the end of the input).
 */
export function h02FrameSize(buf: Buffer): number {
  const first = buf.readUInt8(0);
  if (first === 0x2a) return delimitedFrameSize(buf, "*", "#");
  if (first !== 0x24) throw new DecodeError("frame does not start with * or $");
  const next = nextFrameAt(buf);
  if (next > 0) return next;
  if (buf.length > BINARY_MAX + 6) throw new DecodeError("binary frame without a following frame");
  return 0;
}

/** At the end of the stream a held binary frame ends with it. */
function h02LastFrameSize(buf: Buffer): number {
  const size = h02FrameSize(buf);
  if (size > 0) return size;
  if (buf.length < BINARY_CORE) throw new DecodeError(`truncated binary frame of ${buf.length} bytes`);
  return buf.length;
}

function bcd(buf: Buffer, from: number, digits: number): string | null {
  const text = buf.toString("hex", from, from + Math.ceil(digits / 2)).slice(0, digits);
  return /^\d+$/.test(text) ? text : null;
}

function decodeBinary(frame: Buffer): DecodeResult<DecodedMessage> {
  if (frame.length < BINARY_CORE) return { ok: false, error: `binary frame of ${frame.length} bytes` };
  const id = bcd(frame, 1, 10);
  const time = bcd(frame, 6, 6);
  const date = bcd(frame, 9, 6);
  const lat = bcd(frame, 12, 8);
  const lng = bcd(frame, 17, 9);
  const speedCourse = bcd(frame, 22, 6);
  if (!id || !time || !date || !lat || !lng || !speedCourse)
    return { ok: false, error: "binary field is not BCD" };
  const flags = frame.readUInt8(21) & 0x0f;
  const ts = utcMs(date, time);
  const latDeg = nmeaDegrees(`${lat.slice(0, 4)}.${lat.slice(4)}`, flags & 0x04 ? "N" : "S");
  const lngDeg = nmeaDegrees(`${lng.slice(0, 5)}.${lng.slice(5)}`, flags & 0x08 ? "E" : "W");
  if (ts === null || latDeg === null || lngDeg === null)
    return { ok: false, error: "bad binary time or position" };
  const message = emptyMessage("position", id);
  const attributes = h02StatusAttributes(frame.readUInt32BE(25));
  const position = textPosition(
    {
      ts,
      lat: latDeg,
      lng: lngDeg,
      spd: Number(speedCourse.slice(0, 3)) * KNOTS_TO_KMH,
      course: Number(speedCourse.slice(3)),
      valid: (flags & 0x02) !== 0,
    },
    attributes,
  );
  if (!position) return { ok: false, error: "position out of range" };
  message.positions.push(position);
  if (attributes.event) message.kind = "alarm";
  return { ok: true, value: message };
}

/** V1 fields from hhmmss on: time, validity, latitude, longitude, speed, course, date, status [, one cell]. */
function decodeFix(message: DecodedMessage, f: string[]): string | null {
  // Some firmware pads speed and course with spaces ("  3.34").
  const [time, validity, lat, ns, lng, ew, speed, course, date, statusHex] = f.map((v) => v.trim());
  const ts = utcMs(date, time);
  const latDeg = nmeaDegrees(lat, ns);
  const lngDeg = nmeaDegrees(lng, ew);
  const status = hexInt(statusHex);
  if (ts === null) return "bad time";
  if (latDeg === null || lngDeg === null) return "bad coordinates";
  if (status === null || (statusHex?.length ?? 0) !== 8) return "bad status";
  const attributes = h02StatusAttributes(status);
  // Speed and course may be empty: the document says they then mean 0.
  const fix: TextFix = {
    ts,
    lat: latDeg,
    lng: lngDeg,
    spd: speed === "" || speed === undefined ? 0 : measured(speed) * KNOTS_TO_KMH,
    course: course === "" || course === undefined ? 0 : measured(course),
    valid: validity === "A",
  };
  const position = textPosition(fix, attributes);
  if (!position) return "bad speed, course or position";
  message.positions.push(position);
  if (attributes.event) message.kind = "alarm";
  const [mcc, mnc, lac, cid] = f.slice(10, 14).map(int);
  if (mcc != null && mnc != null && lac != null && cid != null && mcc > 0)
    message.cells = [{ mcc, mnc, lac, cid, rssi: null }];
  return null;
}

/** NBR: hhmmss, mcc, mnc, ta, n, (lac, cid, rxlev) × n, ddmmyy, status. */
function decodeCells(message: DecodedMessage, f: string[]): string | null {
  const [time, mccText, mncText, , countText] = f;
  const mcc = int(mccText);
  const mnc = int(mncText);
  const count = int(countText);
  if (mcc === null || mnc === null || count === null || f.length !== 5 + count * 3 + 2)
    return "bad cell list";
  const cells: CellTower[] = [];
  for (let i = 0; i < count; i++) {
    const [lac, cid, rssi] = f.slice(5 + i * 3, 8 + i * 3).map(int);
    if (lac == null || cid == null || rssi == null) return "bad cell";
    cells.push({ mcc, mnc, lac, cid, rssi });
  }
  const ts = utcMs(f.at(-2), time);
  const status = hexInt(f.at(-1));
  if (ts === null || status === null) return "bad time or status";
  message.kind = "lbs";
  message.cells = cells;
  message.attributes = h02StatusAttributes(status);
  const serving = cells[0];
  if (serving) message.cell = { ts, mcc, mnc, lac: serving.lac, cid: serving.cid };
  return null;
}

/** One H02 frame (text or binary) → normalized message. Never throws. */
export function decodeH02Frame(frame: Buffer): DecodeResult<DecodedMessage> {
  if (frame.length === 0) return { ok: false, error: "empty frame" };
  if (frame.readUInt8(0) === 0x24) return decodeBinary(frame);
  const text = frame.toString("latin1");
  const m = /^\*[A-Z]{2},([^,#]*),([A-Z0-9_]{1,16})(?:,([^#]*))?#$/.exec(text);
  if (!m) return { ok: false, error: "not an H02 text frame" };
  const id = deviceId(m[1]);
  if (!id) return { ok: false, error: "bad device id" };
  const type = m[2] ?? "";
  const f = m[3] === undefined ? [] : m[3].split(",");
  const message = emptyMessage("position", id);
  let error: string | null = null;
  if (FIX_TYPES.has(type)) error = decodeFix(message, f);
  else if (type === "V4") {
    // V4,<cmd>,<the command's parameters and time>,hhmmss,A|V,...: the fix starts at the validity letter.
    const at = f.findIndex((v, i) => i >= 2 && (v === "A" || v === "V") && /^[NS]$/.test(f[i + 2] ?? ""));
    error = at < 1 ? "no fix" : decodeFix(message, f.slice(at - 1));
    // The confirmation of a server command, carrying a fix as well: both are kept.
    message.kind = "commandResult";
    message.attributes.command = fieldText(f[0] ?? "");
    message.attributes.result = fieldText(f.slice(0, Math.max(1, at - 1)).join(","));
  } else if (type === "NBR") error = decodeCells(message, f);
  else if (type === H02_HEARTBEAT || type === "XT") message.kind = "heartbeat";
  else {
    message.kind = "unknown";
    message.attributes.type = fieldText(type);
  }
  return error ? { ok: false, error: `${type}: ${error}` } : { ok: true, value: message };
}

/** Framer for one H02 connection: every frame names its device, so the first identifies the connection. */
export function createH02Session(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: h02FrameSize, lastFrameSize: h02LastFrameSize, decode: decodeH02Frame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export interface H02Fix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  valid: boolean;
}

/** Status word with nothing active: every bit 1 (negative logic), ignition as given, alarms set to 0. */
export function h02Status(options: { ignition: boolean; alarm?: "sos" | "powerCut" | "overspeed" }): number {
  let status = 0xffffffff;
  const clear = (bit: number) => {
    status -= 2 ** bit;
  };
  if (!options.ignition) clear(STATUS_ACC_OFF);
  if (options.alarm === "sos") clear(STATUS_SOS);
  if (options.alarm === "powerCut") clear(STATUS_POWER_CUT);
  if (options.alarm === "overspeed") clear(STATUS_OVERSPEED);
  return status;
}

/** V1 fields from hhmmss to the status word. */
function fixFields(fix: H02Fix, status: number): string {
  const { date, time } = formatUtc(fix.timeMs);
  const lat = formatNmea(fix.lat, true);
  const lng = formatNmea(fix.lng, false);
  const knots = (fix.speedKmh / KNOTS_TO_KMH).toFixed(2);
  const course = String(Math.round(fix.course) % 360);
  const statusHex = status.toString(16).toUpperCase().padStart(8, "0");
  return [
    time,
    fix.valid ? "A" : "V",
    lat.value,
    lat.hemisphere,
    lng.value,
    lng.hemisphere,
    knots,
    course,
    date,
    statusHex,
  ].join(",");
}

/** `*HQ,<id>,V1,...#`, optionally with the serving cell appended. */
export function encodeH02Position(
  id: string,
  fix: H02Fix,
  status: number,
  cell?: Omit<CellTower, "rssi">,
): Buffer {
  const tail = cell ? `,${cell.mcc},${cell.mnc},${cell.lac},${cell.cid}` : "";
  return Buffer.from(`*HQ,${id},V1,${fixFields(fix, status)}${tail}#`, "latin1");
}

/** `*HQ,<id>,V4,<command>,DONE,<command's hhmmss>,...V1 fields...#`: the device confirms a server command. */
export function encodeH02Confirmation(
  id: string,
  command: string,
  commandTime: string,
  fix: H02Fix,
  status: number,
): Buffer {
  return Buffer.from(`*HQ,${id},V4,${command},DONE,${commandTime},${fixFields(fix, status)}#`, "latin1");
}

export const encodeH02Heartbeat = (id: string): Buffer =>
  Buffer.from(`*HQ,${id},${H02_HEARTBEAT}#`, "latin1");

/** `*HQ,<id>,NBR,...#`: the cell towers a device without a fix hears. */
export function encodeH02Cells(id: string, timeMs: number, cells: CellTower[], status: number): Buffer {
  const { date, time } = formatUtc(timeMs);
  const first = cells[0];
  const list = cells.map((c) => `${c.lac},${c.cid},${c.rssi ?? 0}`).join(",");
  const head = `${time},${first?.mcc ?? 0},${first?.mnc ?? 0},0,${cells.length}`;
  const statusHex = status.toString(16).toUpperCase().padStart(8, "0");
  return Buffer.from(`*HQ,${id},NBR,${head}${list ? `,${list}` : ""},${date},${statusHex}#`, "latin1");
}

/** The binary form: 29 bytes, plus `tail` vendor bytes (0 for the shortest models). */
export function encodeH02Binary(
  id: string,
  fix: H02Fix,
  status: number,
  tail: Buffer = Buffer.alloc(0),
): Buffer {
  if (!/^\d{10}$/.test(id)) throw new RangeError(`H02 binary id must be 10 digits: ${id}`);
  const { date, time } = formatUtc(fix.timeMs);
  const lat = formatNmea(fix.lat, true).value.replace(".", "");
  const lng = formatNmea(fix.lng, false).value.replace(".", "");
  const flags = (fix.valid ? 0x02 : 0) | (fix.lat >= 0 ? 0x04 : 0) | (fix.lng >= 0 ? 0x08 : 0);
  const knots = String(Math.min(999, Math.round(fix.speedKmh / KNOTS_TO_KMH))).padStart(3, "0");
  const course = String(Math.round(fix.course) % 360).padStart(3, "0");
  const digits = `${id}${time}${date}${lat}00${lng}${flags.toString(16)}${knots}${course}`;
  const out = Buffer.concat([Buffer.from("$"), Buffer.from(digits, "hex"), Buffer.alloc(4), tail]);
  out.writeUInt32BE(status, 25);
  return out;
}
