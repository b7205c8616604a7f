import { DecodeError } from "../shared/reader.ts";
import {
  type Attributes,
  type DecodedMessage,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamSession,
} from "../shared/types.ts";
import { deviceId, fieldText, int, measured, num, textPosition } from "../text/fields.ts";
import { createTextSession } from "../text/session.ts";

/**
 * Suntech ST300/ST600/SA200 family, text over TCP, one report per line ending in CR:
 *   <HDR>;<DEV_ID>;[<MODEL>;]<SW_VER>;<YYYYMMDD>;<hh:mm:ss>;<CELL>;<LAT>;<LON>;<SPD km/h>;<CRS>;<SATT>;<FIX>;
 *   <DIST m>;<PWR_VOLT>;<I/O>;<MODE|ALERT_ID|EMG_ID>;[<MSG_NUM>;]...[;<H_METER>;<BCK_VOLT>;<MSG_TYPE>]
 * HDR is the model family (ST300, ST600, SA200, ...) followed by the report type: STT status, ALT alert, EMG
 * emergency, ALV keep-alive (`<HDR>;<DEV_ID>` only). Format differences between models, kept simple: older
 * firmware (and SA200) sends no MODEL field, so the date is found at field 3 or 4 (whichever is YYYYMMDD followed
 * by a time); the trailing hour-meter, backup voltage and MSG_TYPE (1 real time, 0 stored → `archive`) are
 * present only when the device is configured to send them, so they are read only when the field count says so.
 * Latitude and longitude are signed decimal degrees, time is UTC (GPS time). The server answers nothing.
 * The binary "zip" format (STX 0x02) is not decoded: such a connection is closed.
 */

/** ALERT_ID → normalized events (ST300 operation manual, alert table). Others only as `alarm`. */
const ALERTS: Record<number, string> = {
  1: "overspeed", // start of over speed
  5: "geofenceExit",
  6: "geofenceEnter",
  14: "lowBattery", // vehicle battery low
  15: "vibration", // shocked
  16: "crash", // collision
  41: "powerCut", // disconnected from main power
  46: "harshAcceleration",
  47: "harshBraking",
  48: "sharpTurn",
  50: "jamming",
};

const HEADER = /^[A-Z]{2}\d{3}[A-Z]{3}$/;
const MAX_LINE = 2048;

/** A report runs to its CR; it must start with a header such as ST300STT. */
export function suntechFrameSize(buf: Buffer): number {
  const b0 = buf.readUInt8(0);
  if (b0 < 0x41 || b0 > 0x5a) throw new DecodeError("frame does not start with a Suntech header");
  const end = buf.indexOf(0x0d);
  if (end < 0) {
    if (buf.length > MAX_LINE) throw new DecodeError("line too long");
    return 0;
  }
  return end + 1;
}

function gpsTime(date: string | undefined, time: string | undefined): number | null {
  const d = date === undefined ? null : /^(\d{4})(\d\d)(\d\d)$/.exec(date);
  const t = time === undefined ? null : /^(\d\d):(\d\d):(\d\d)$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, dd] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3])];
  if (y < 2000 || mo < 1 || mo > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ts = Date.UTC(y, mo - 1, dd, h, mi, s);
  return new Date(ts).getUTCDate() === dd ? ts : null;
}

const LAT = /^[-+]?\d{1,2}\.\d+$/;
const LNG = /^[-+]?\d{1,3}\.\d+$/;

/** One Suntech report (with or without its CR) → normalized message. Never throws. */
export function decodeSuntechFrame(frame: Buffer): DecodeResult<DecodedMessage> {
  const text = frame.toString("latin1").replace(/\r$/, "");
  const f = text.split(";");
  const header = f[0] ?? "";
  if (!HEADER.test(header)) return { ok: false, error: "bad header" };
  const type = header.slice(5);
  const model = header.slice(0, 5);
  if (f[1] === "Res") {
    // An answer to a server command: HDR;Res;DEV_ID;...
    const id = deviceId(f[2]);
    if (!id) return { ok: false, error: "bad device id" };
    const message = emptyMessage("commandResult", id);
    message.attributes.result = fieldText(f.slice(3).join(";"));
    return { ok: true, value: message };
  }
  const id = deviceId(f[1]);
  if (!id) return { ok: false, error: "bad device id" };
  if (type === "ALV") return { ok: true, value: emptyMessage("heartbeat", id) };
  if (type !== "STT" && type !== "ALT" && type !== "EMG") {
    const message = emptyMessage("unknown", id);
    message.attributes.report = header;
    return { ok: true, value: message };
  }
  // Models differ in what precedes the date and the position (a MODEL field, the serving cell, a list of up to
  // seven cells on ST410/ST419, MCC/MNC/LAC/signal on ST600): the date is the first YYYYMMDD;hh:mm:ss pair, the
  // position the first signed latitude;longitude pair after it, and the fields that follow it are the same.
  let at = 3;
  while (at < f.length - 1 && gpsTime(f[at], f[at + 1]) === null) at++;
  const ts = gpsTime(f[at], f[at + 1]);
  if (ts === null) return { ok: false, error: "bad date or time" };
  let k = at + 2;
  while (k < Math.min(f.length - 1, at + 9) && !(LAT.test(f[k] ?? "") && LNG.test(f[k + 1] ?? ""))) k++;
  if (!LAT.test(f[k] ?? "")) return { ok: false, error: "bad position" };
  const [lat, lng, spd, crs, satt, fixed, dist, pwr, io, code] = f.slice(k, k + 10);
  const attributes: Attributes = { report: type };
  const ioText = io ?? "";
  // Short layouts (ST410/ST419 cell reports) end after the fix: no I/O, mode or counters.
  if (io !== undefined && !/^[01]{1,8}$/.test(ioText)) return { ok: false, error: "bad I/O field" };
  if (ioText !== "") attributes.ignition = ioText[0] === "1";
  for (let i = 1; i <= 3 && i < ioText.length; i++) attributes[`input${i}`] = ioText[i] === "1";
  for (let i = 4; i < ioText.length; i++) attributes[`output${i - 3}`] = ioText[i] === "1";
  const odometer = int(dist);
  if (odometer !== null) attributes.odometer = odometer;
  const power = num(pwr);
  if (power !== null) attributes.power = power;
  const codeNum = int(code);
  if (code !== undefined && codeNum === null) return { ok: false, error: "bad mode or alert id" };
  let kind: DecodedMessage["kind"] = "position";
  if (codeNum === null) {
    // No mode or alert id in this layout.
  } else if (type === "STT") attributes.mode = codeNum;
  else {
    attributes.alarm = codeNum;
    const event = type === "EMG" ? "sos" : ALERTS[codeNum];
    if (event) {
      attributes.event = event;
      kind = "alarm";
    }
  }
  if (type === "EMG" && attributes.event === undefined) {
    attributes.event = "sos";
    kind = "alarm";
  }
  // STT carries MSG_NUM after MODE; the optional tail is H_METER;BCK_VOLT;MSG_TYPE.
  const rest = f.slice(k + 10 + (type === "STT" ? 1 : 0));
  if (type === "STT") {
    const serial = int(f[k + 10]);
    if (serial !== null) attributes.serial = serial;
  }
  if (rest.length >= 3) {
    const battery = num(rest[1]);
    if (battery !== null) attributes.battery = battery;
    if (rest[2] === "0") attributes.archive = true;
  }
  const position = textPosition(
    {
      ts,
      lat: measured(lat),
      lng: measured(lng),
      spd: measured(spd),
      course: measured(crs),
      satt: int(satt) ?? 0,
      valid: fixed === "1",
    },
    attributes,
  );
  if (!position) return { ok: false, error: "bad position" };
  const message = emptyMessage(kind, id);
  message.positions.push(position);
  message.attributes.model = model;
  return { ok: true, value: message };
}

/** Framer for one Suntech connection: every report names its device; nothing is answered. */
export function createSuntechSession(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: suntechFrameSize, decode: (frame) => decodeSuntechFrame(frame), loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export type SuntechModel = "ST300" | "ST600" | "SA200";

export interface SuntechFix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
}

export interface SuntechOptions {
  model?: SuntechModel;
  ignition?: boolean;
  odometerM?: number;
  powerV?: number;
  batteryV?: number;
  /** Sent from the device's memory (MSG_TYPE 0). */
  archive?: boolean;
  serial?: number;
}

const pad = (n: number, w: number): string => String(n).padStart(w, "0");
const signed = (v: number, w: number): string =>
  `${v < 0 ? "-" : "+"}${Math.abs(v).toFixed(6).padStart(w, "0")}`;

function report(
  type: "STT" | "ALT" | "EMG",
  id: string,
  fix: SuntechFix,
  code: number,
  o: SuntechOptions,
): Buffer {
  const model = o.model ?? "ST300";
  const d = new Date(fix.timeMs);
  const fields = [
    `${model}${type}`,
    id,
    // SA200 sends no MODEL field; ST300/ST600 universal firmware does.
    ...(model === "SA200" ? [] : ["02"]),
    "010",
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`,
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`,
    "00129",
    signed(fix.lat, 9),
    signed(fix.lng, 10),
    fix.speedKmh.toFixed(3).padStart(7, "0"),
    fix.course.toFixed(2).padStart(6, "0"),
    String(fix.satellites),
    fix.valid ? "1" : "0",
    String(Math.round(o.odometerM ?? 0)),
    (o.powerV ?? 12.5).toFixed(2),
    `${o.ignition ? "1" : "0"}00000`,
    String(code),
    ...(type === "STT" ? [pad((o.serial ?? 1) % 10000, 4)] : []),
    "00:00:00",
    (o.batteryV ?? 4.1).toFixed(2),
    o.archive ? "0" : "1",
  ];
  return Buffer.from(`${fields.join(";")}\r`, "latin1");
}

/** A status report (STT); mode 1 idle, 2 active. */
export const encodeSuntechStatus = (id: string, fix: SuntechFix, o: SuntechOptions = {}): Buffer =>
  report("STT", id, fix, fix.speedKmh > 0 ? 2 : 1, o);

/** An alert report (ALT) with its ALERT_ID. */
export const encodeSuntechAlert = (
  id: string,
  fix: SuntechFix,
  alertId: number,
  o: SuntechOptions = {},
): Buffer => report("ALT", id, fix, alertId, o);

/** An emergency report (EMG); 1 is the panic button. */
export const encodeSuntechEmergency = (
  id: string,
  fix: SuntechFix,
  emergencyId = 1,
  o: SuntechOptions = {},
): Buffer => report("EMG", id, fix, emergencyId, o);

/** The keep-alive, `ST300ALV;<id>`. */
export const encodeSuntechKeepAlive = (id: string, model: SuntechModel = "ST300"): Buffer =>
  Buffer.from(`${model}ALV;${id}\r`, "latin1");
