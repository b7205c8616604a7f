import { DecodeError } from "../shared/reader.ts";
import {
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
  KNOTS_TO_KMH,
  measured,
  nmeaDegrees,
  num,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession } from "../text/session.ts";

/**
 * GPS103 (Coban / Xexun "TK103-2" style `imei:` text), both directions. Frames end with ';':
 *   log-on     ##,imei:<imei>,A;                                  → server answers LOAD
 *   heartbeat  <imei>;                                            → server answers ON
 *   report     imei:<imei>,<keyword>,<yymmddhhmm[ss] or yy/mm/dd hh:mm, local>,<phone>,F|L,<hhmmss.sss UTC>,A|V,ddmm.mmmm,N|S,
 *              dddmm.mmmm,E|W,<knots>,<course>[,<altitude>,<acc>,<door>,<fuel1 %>,<fuel2 %>,<temperature>];
 *   no fix     imei:<imei>,<keyword>,<yymmddhhmm local>,<phone>,L,,,<lac hex>,,<cid hex>,,,;
 * The fix carries only the UTC time of day; its date comes from the local date-time, corrected by a day when
 * the device's time zone puts local midnight on the other side. Reports get no answer.
 * Server commands: `**,imei:<imei>,<letter>[,<parameters>]`. The device confirms a command with a report whose
 * keyword is the command's letter + `t`, with or without a fix: oil cut J → `jt`, restore K → `kt`, overspeed
 * H → `ht`, alarm cancel E → `et`, move alarm G → `gt`, arm L → `lt`, disarm M → `mt`. That report is the
 * `commandResult`. Timed tracking (C) and single position (B) have no confirmation: reports simply follow.
 */

/** Report keywords that confirm a server command. */
const CONFIRMATIONS = new Set(["et", "gt", "ht", "jt", "kt", "lt", "mt"]);

export const GPS103_LOGON_ANSWER = "LOAD";
export const GPS103_HEARTBEAT_ANSWER = "ON";

/** Keywords that are alarms, mapped to the normalized events (README). */
const KEYWORD_EVENTS: Record<string, string> = {
  "help me": "sos",
  "low battery": "lowBattery",
  "ac alarm": "powerCut",
  speed: "overspeed",
  stockade: "geofenceExit",
  move: "tow",
  "sensor alarm": "vibration",
  "accident alarm": "crash",
  jamming: "jamming",
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Frames end at ';' and start with "##", "imei:" or the IMEI's digits. */
export function gps103FrameSize(buf: Buffer): number {
  const first = buf.readUInt8(0);
  if (first !== 0x23 && first !== 0x69 && !(first >= 0x30 && first <= 0x39))
    throw new DecodeError("not a GPS103 frame");
  const at = buf.indexOf(0x3b);
  return at < 0 ? 0 : at + 1;
}

/**
 * The local date-time as firmware writes it: `yymmddhhmm`, `yymmddhhmmss` or `yy/mm/dd hh:mm` → the date
 * `yymmdd` and the time `hhmmss`, or null.
 */
function localParts(local: string | undefined): { date: string; time: string } | null {
  const m =
    local === undefined ? null : /^(\d{6})(\d{4})(\d\d)?$|^(\d\d)\/(\d\d)\/(\d\d) (\d\d):(\d\d)$/.exec(local);
  if (!m) return null;
  if (m[1] !== undefined) return { date: m[1], time: `${m[2]}${m[3] ?? "00"}` };
  return { date: `${m[4]}${m[5]}${m[6]}`, time: `${m[7]}${m[8]}00` };
}

/** UTC time of day + the local date-time → epoch ms, within the -12..+14 h zone offsets devices use. */
function fixTime(local: string | undefined, utcTime: string | undefined): number | null {
  const parts = localParts(local);
  if (!parts) return null;
  const localMs = utcMs(parts.date, parts.time, "ymd");
  let ts = utcMs(parts.date, utcTime, "ymd");
  if (localMs === null || ts === null) return null;
  if (localMs - ts > 14 * HOUR) ts += DAY;
  else if (localMs - ts < -12 * HOUR) ts -= DAY;
  return ts;
}

function decodeReport(id: string, f: string[]): DecodeResult<DecodedMessage> {
  const keyword = fieldText(f[1] ?? "");
  const event = KEYWORD_EVENTS[keyword];
  const message = emptyMessage(event ? "alarm" : "position", id);
  const attributes: Record<string, string | number | boolean> = { keyword };
  if (event) attributes.event = event;
  if (keyword === "acc on" || keyword === "acc off") attributes.ignition = keyword === "acc on";
  if (f[4] === "L") {
    // No GPS: the report carries the serving cell's LAC and cell id (hex), without MCC/MNC.
    const lac = hexInt(f[7]);
    const cid = hexInt(f[9]);
    message.kind = event ? "alarm" : "lbs";
    message.attributes = { ...attributes, ...(lac !== null && cid !== null ? { lac, cid } : {}) };
    return { ok: true, value: message };
  }
  const ts = fixTime(f[2], f[5]);
  const lat = nmeaDegrees(f[7], f[8]);
  const lng = nmeaDegrees(f[9], f[10]);
  if (ts === null) return { ok: false, error: "bad time" };
  if (lat === null || lng === null) return { ok: false, error: "bad coordinates" };
  const alt = f[13] ? num(f[13]) : 0;
  const acc = f[14];
  if (acc === "0" || acc === "1") attributes.ignition ??= acc === "1";
  const door = f[15];
  if (door === "0" || door === "1") attributes.door = door === "1";
  const fuel = num(f[16]?.replace(/%$/, ""));
  if (fuel !== null) attributes.fuel = fuel;
  const temperature = num(f[18]);
  if (temperature !== null) attributes.temperature = temperature;
  const position = textPosition(
    {
      ts,
      lat,
      lng,
      spd: f[11] ? measured(f[11]) * KNOTS_TO_KMH : 0,
      course: f[12] ? measured(f[12]) : 0,
      alt: alt ?? Number.NaN,
      valid: f[6] === "A",
    },
    attributes,
  );
  if (!position) return { ok: false, error: "bad speed, course or altitude" };
  message.positions.push(position);
  return { ok: true, value: message };
}

/** One GPS103 frame → normalized message with its answer. Never throws. */
export function decodeGps103Frame(frame: Buffer): DecodeResult<DecodedMessage> {
  const text = frame.toString("latin1");
  if (!text.endsWith(";")) return { ok: false, error: "frame does not end with ;" };
  const body = text.slice(0, -1);
  const logon = /^##,imei:([^,]*),A$/.exec(body);
  if (logon) {
    const id = deviceId(logon[1]);
    if (!id) return { ok: false, error: "bad IMEI" };
    const message = emptyMessage("login", id);
    message.ack = Buffer.from(GPS103_LOGON_ANSWER);
    return { ok: true, value: message };
  }
  if (/^\d{1,64}$/.test(body)) {
    const message = emptyMessage("heartbeat", body);
    message.ack = Buffer.from(GPS103_HEARTBEAT_ANSWER);
    return { ok: true, value: message };
  }
  if (!body.startsWith("imei:")) return { ok: false, error: "not a GPS103 frame" };
  const f = body.slice(5).split(",");
  const id = deviceId(f[0]);
  if (!id) return { ok: false, error: "bad IMEI" };
  const keyword = f[1] ?? "";
  if (CONFIRMATIONS.has(keyword)) {
    // A confirmation: its fix, when it carries one, is stored like any report's.
    const report = f.length >= 5 ? decodeReport(id, f) : null;
    const message = emptyMessage("commandResult", id);
    if (report?.ok) message.positions.push(...report.value.positions);
    message.attributes.result = keyword;
    return { ok: true, value: message };
  }
  if (f.length < 5) return { ok: false, error: "short report" };
  return decodeReport(id, f);
}

/** Framer for one GPS103 connection: every frame names its device. */
export function createGps103Session(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: gps103FrameSize, decode: decodeGps103Frame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export interface Gps103Fix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  valid: boolean;
}

export const encodeGps103Logon = (imei: string): Buffer => Buffer.from(`##,imei:${imei},A;`, "latin1");
/** The device's confirmation of a command by its letter (J → jt, H → ht …), as the simulator sends it. */
export const encodeGps103Confirmation = (imei: string, command: string): Buffer =>
  Buffer.from(`imei:${imei},${command.toLowerCase()}t;`, "latin1");
export const encodeGps103Heartbeat = (imei: string): Buffer => Buffer.from(`${imei};`, "latin1");

/** A report; `utcOffsetMin` is the device's zone, which only its local date-time field shows. */
export function encodeGps103Report(
  imei: string,
  fix: Gps103Fix,
  options: { keyword?: string; ignition?: boolean; utcOffsetMin?: number } = {},
): Buffer {
  const utc = formatUtc(fix.timeMs);
  const local = formatUtc(fix.timeMs + (options.utcOffsetMin ?? 0) * 60_000);
  const lat = formatNmea(fix.lat, true);
  const lng = formatNmea(fix.lng, false);
  const acc = options.ignition === undefined ? "" : options.ignition ? "1" : "0";
  const fields = [
    `imei:${imei}`,
    options.keyword ?? "tracker",
    `${local.ymd}${local.time.slice(0, 4)}`,
    "",
    "F",
    `${utc.time}.000`,
    fix.valid ? "A" : "V",
    lat.value,
    lat.hemisphere,
    lng.value,
    lng.hemisphere,
    (fix.speedKmh / KNOTS_TO_KMH).toFixed(2),
    String(Math.round(fix.course) % 360),
    fix.altitude.toFixed(1),
    acc,
    "",
    "",
    "",
    "",
  ];
  return Buffer.from(`${fields.join(",")};`, "latin1");
}
