import {
  type Attributes,
  type DecodedMessage,
  type DecodedPosition,
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
  measured,
  nmeaDegrees,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession, delimitedFrameSize } from "../text/session.ts";

/**
 * TK103 ("GPS Tracker Communication Protocol", the `(…BP05…)` family), both directions. A frame is
 * `(` + 12-digit terminal id + 4-character command + body + `)`; the terminal id names the device in every frame.
 *   BP05 log-on (IMEI + location)      → (<id>AP05)
 *   BP00 handshake                      → (<id>AP01HSO)
 *   BO01 alarm (alarm digit + location) → (<id>AS01<digit>)
 *   BR00/BR02 location                  → no answer (BR01 answers AR00, below)
 * Location: yymmdd, A|V, ddmm.mmmm N|S, dddmm.mmmm E|W, speed km/h (000.0), hhmmss UTC, course (000.00),
 * 8 IO state characters, 'L' + mileage in metres as 8 hex digits.
 * Server commands are `(<id>A…)`; the device answers with the matching B command (AV00 circuit control → BV00,
 * AV01 oil control → BV01, AT00 restart → BT00, AP12 speed setting → BP12), which is the `commandResult`. The
 * answer to AR00 (timed reports) is BR01, which carries a fix like BR00: a `commandResult` that keeps it.
 */

/** The device's answers to server commands (the document's "answer" messages). */
const ANSWERS = new Set(["BV00", "BV01", "BT00", "BP12"]);

/** Alarm digit of BO01 → normalized event (README). Other digits only as `alarm`. */
const ALARM_EVENTS: Record<number, string> = {
  0: "powerCut", // vehicle power off
  1: "crash", // accident
  2: "sos", // robbery / emergency
  3: "vibration", // anti-theft
  5: "overspeed",
  6: "geofenceExit",
};

/** Firmware pads numbers with spaces instead of zeros (` 8415.4076W`, ` 46.0`, ` 87.31`): both are read. */
const LOCATION =
  /^(\d{6})([AV])([ \d]{4}\.\d{1,4})([NS])([ \d]{5}\.\d{1,4})([EW])([ \d]{3}\.\d)(\d{6})([ \d]{3}\.\d{2})(?:([01]{8}))?(?:L([0-9A-Fa-f]{8}))?/;

export const tk103FrameSize = (buf: Buffer): number => delimitedFrameSize(buf, "(", ")");

function location(body: string, attributes: Attributes): DecodedPosition | null {
  const m = LOCATION.exec(body);
  if (!m) return null;
  const [, date, validity, latText, ns, lngText, ew, speedText, time, courseText, io, mileage] = m;
  const [lat, lng, speed, course] = [latText, lngText, speedText, courseText].map((v) => v?.trim());
  const ts = utcMs(date, time, "ymd");
  const latDeg = nmeaDegrees(lat, ns);
  const lngDeg = nmeaDegrees(lng, ew);
  if (ts === null || latDeg === null || lngDeg === null) return null;
  if (io) {
    attributes.io = io;
    // IO state characters: the first is the main power, the second the ACC (ignition) line.
    attributes.ignition = io[1] === "1";
  }
  const odometer = hexInt(mileage);
  if (odometer !== null) attributes.odometer = odometer;
  return textPosition(
    {
      ts,
      lat: latDeg,
      lng: lngDeg,
      spd: measured(speed),
      course: measured(course),
      valid: validity === "A",
    },
    attributes,
  );
}

const answer = (id: string, text: string): Buffer => Buffer.from(`(${id}${text})`, "latin1");

/** One TK103 frame → normalized message with its answer. Never throws. */
export function decodeTk103Frame(frame: Buffer): DecodeResult<DecodedMessage> {
  const m = /^\((\d{12})([A-Z]{2}\d{2})([^()]*)\)$/.exec(frame.toString("latin1"));
  if (!m) return { ok: false, error: "not a TK103 frame" };
  const id = deviceId(m[1]);
  const command = m[2] ?? "";
  const body = m[3] ?? "";
  if (!id) return { ok: false, error: "bad terminal id" };
  const attributes: Attributes = {};
  if (command === "BP05") {
    const message = emptyMessage("login", id);
    const imei = /^\d{15}/.exec(body)?.[0];
    if (imei) attributes.imei = imei;
    const position = location(body.slice(15), attributes);
    if (position) message.positions.push(position);
    message.attributes = position ? {} : attributes;
    message.ack = answer(id, "AP05");
    return { ok: true, value: message };
  }
  if (command === "BP00") {
    const message = emptyMessage("heartbeat", id);
    message.ack = answer(id, "AP01HSO");
    return { ok: true, value: message };
  }
  if (command === "BO01") {
    const digit = body.charAt(0);
    if (!/^\d$/.test(digit)) return { ok: false, error: "BO01: bad alarm code" };
    attributes.alarm = Number(digit);
    const event = ALARM_EVENTS[Number(digit)];
    if (event) attributes.event = event;
    const position = location(body.slice(1), attributes);
    if (!position) return { ok: false, error: "BO01: bad location" };
    const message = emptyMessage("alarm", id);
    message.positions.push(position);
    message.ack = answer(id, `AS01${digit}`);
    return { ok: true, value: message };
  }
  if (command === "BR01") {
    const message = emptyMessage("commandResult", id);
    const position = location(body, attributes);
    if (position) message.positions.push(position);
    message.attributes.result = "BR01";
    return { ok: true, value: message };
  }
  if (/^BR0[023]$/.test(command)) {
    const position = location(body, attributes);
    if (!position) return { ok: false, error: `${command}: bad location` };
    const message = emptyMessage("position", id);
    message.positions.push(position);
    return { ok: true, value: message };
  }
  if (ANSWERS.has(command)) {
    const message = emptyMessage("commandResult", id);
    message.attributes.result = fieldText(`${command}${body}`);
    return { ok: true, value: message };
  }
  const message = emptyMessage("unknown", id);
  message.attributes = { command: fieldText(command) };
  return { ok: true, value: message };
}

/** Framer for one TK103 connection: every frame names its device. */
export function createTk103Session(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: tk103FrameSize, decode: decodeTk103Frame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export interface Tk103Fix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  valid: boolean;
  ignition?: boolean;
  odometerM?: number;
}

/** The location body shared by BP05, BR00 and BO01. */
export function tk103Location(fix: Tk103Fix): string {
  const { ymd, time } = formatUtc(fix.timeMs);
  const lat = formatNmea(fix.lat, true);
  const lng = formatNmea(fix.lng, false);
  const speed = Math.min(999.9, Math.max(0, fix.speedKmh)).toFixed(1).padStart(5, "0");
  const course = ((Math.round(fix.course * 100) / 100) % 360).toFixed(2).padStart(6, "0");
  const io = `1${fix.ignition ? "1" : "0"}000000`;
  const mileage = Math.max(0, Math.min(0xffffffff, Math.round(fix.odometerM ?? 0)))
    .toString(16)
    .toUpperCase()
    .padStart(8, "0");
  return `${ymd}${fix.valid ? "A" : "V"}${lat.value}${lat.hemisphere}${lng.value}${lng.hemisphere}${speed}${time}${course}${io}L${mileage}`;
}

const frame = (id: string, text: string): Buffer => {
  if (!/^\d{12}$/.test(id)) throw new RangeError(`TK103 terminal id must be 12 digits: ${id}`);
  return Buffer.from(`(${id}${text})`, "latin1");
};

export const encodeTk103Logon = (id: string, imei: string, fix: Tk103Fix): Buffer =>
  frame(id, `BP05${imei}${tk103Location(fix)}`);
export const encodeTk103Handshake = (id: string, imei: string): Buffer => frame(id, `BP00${imei}HSO`);
export const encodeTk103Location = (id: string, fix: Tk103Fix): Buffer =>
  frame(id, `BR00${tk103Location(fix)}`);
export const encodeTk103Alarm = (id: string, code: number, fix: Tk103Fix): Buffer =>
  frame(id, `BO01${code % 10}${tk103Location(fix)}`);
