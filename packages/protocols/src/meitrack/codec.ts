import { DecodeError } from "../shared/reader.ts";
import {
  type Attributes,
  type DecodedMessage,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamSession,
} from "../shared/types.ts";
import {
  deviceId,
  fieldText,
  formatUtc,
  hexInt,
  int,
  measured,
  num,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession } from "../text/session.ts";
import { type CccFix, cccData, readCccData } from "./ccc.ts";

/**
 * Meitrack GPRS protocol (MVT/T1/T3xx trackers), text over TCP, both directions:
 *   $$<identifier><length>,<imei>,<command>,<data>*<checksum>\r\n
 * `length` (decimal) counts from the first comma to the CR LF inclusive; `checksum` is two hex digits, the sum of
 * every byte from `$$` to `*` inclusive, modulo 256. A frame whose length or checksum is wrong ends the session.
 * The AAA position report: event code, latitude, longitude (signed decimal degrees), yymmddhhmmss (UTC),
 * A|V, satellites, GSM signal, speed km/h, direction, HDOP, altitude m, mileage m, run time s,
 * MCC|MNC|LAC|CI (hex), I/O status (hex), analog inputs, ... Live reports are not answered; other commands
 * (answers to server commands) are kept as command results without positions. CCC frames carry the device's
 * binary history (ccc.ts): their records become archive positions, answered with the count received.
 */

/** AAA event codes → normalized events (README). Others only as `alarm`. */
const EVENTS: Record<number, string> = {
  1: "sos", // input 1 active: the SOS button
  17: "lowBattery", // internal battery low
  18: "lowBattery", // external battery low
  19: "overspeed",
  20: "geofenceEnter",
  21: "geofenceExit",
  23: "powerCut", // external power off
  36: "tow",
};

/** Events that are the regular reports, not alarms. */
const ROUTINE = new Set([35]);

export function meitrackFrameSize(buf: Buffer): number {
  const head = buf.toString("latin1", 0, Math.min(2, buf.length));
  if (head !== "$$".slice(0, head.length)) throw new DecodeError("frame does not start with $$");
  const comma = buf.indexOf(0x2c, 3);
  if (comma < 0) {
    if (buf.length > 12) throw new DecodeError("no length field");
    return 0;
  }
  const digits = buf.toString("latin1", 3, comma);
  if (!/^\d{1,5}$/.test(digits)) throw new DecodeError("bad length field");
  // The rest of the frame may still be on its way (TCP splits where it likes): wait for it.
  const total = comma + Number(digits);
  return buf.length < total ? 0 : total;
}

function checksum(frame: Buffer, end: number): number {
  let sum = 0;
  for (let i = 0; i < end; i++) sum += frame.readUInt8(i);
  return sum & 0xff;
}

/** The event code as attributes (alarm unless routine, the normalized event); returns the event, if any. */
function eventAttributes(code: number, attributes: Attributes): string | undefined {
  const event = EVENTS[code];
  if (!ROUTINE.has(code)) attributes.alarm = code;
  if (event) attributes.event = event;
  return event;
}

/** A CCC history frame (already checked for length and checksum) → archive positions and the CCC answer. */
function decodeCcc(frame: Buffer, comma: number, second: number, star: number): DecodeResult<DecodedMessage> {
  const id = deviceId(frame.toString("latin1", comma + 1, second));
  if (!id) return { ok: false, error: "bad IMEI" };
  try {
    const { records, remaining } = readCccData(frame.subarray(second + 5, star), eventAttributes);
    const message = emptyMessage(records.some((r) => r.position.attributes.event) ? "alarm" : "position", id);
    message.positions.push(...records.map((r) => r.position));
    message.attributes = { recordsLeft: remaining };
    message.ack = meitrackFrame(frame.toString("latin1", 2, 3), `,${id},CCC,${records.length}`, "@@");
    return { ok: true, value: message };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** One Meitrack frame → normalized message. Never throws. */
export function decodeMeitrackFrame(frame: Buffer): DecodeResult<DecodedMessage> {
  if (frame.length < 8 || frame.toString("latin1", frame.length - 2) !== "\r\n")
    return { ok: false, error: "frame does not end with CR LF" };
  const star = frame.lastIndexOf(0x2a);
  const sent = star < 0 ? "" : frame.toString("latin1", star + 1, frame.length - 2);
  if (!/^[0-9A-Fa-f]{2}$/.test(sent) || Number.parseInt(sent, 16) !== checksum(frame, star + 1))
    return { ok: false, error: "checksum mismatch" };
  const comma = frame.indexOf(0x2c);
  if (comma < 0 || frame.length - comma !== Number(frame.toString("latin1", 3, comma)))
    return { ok: false, error: "length mismatch" };
  const second = frame.indexOf(0x2c, comma + 1);
  if (second > 0 && frame.toString("latin1", second + 1, second + 5) === "CCC,")
    return decodeCcc(frame, comma, second, star);
  const f = frame.toString("latin1", comma + 1, star).split(",");
  const id = deviceId(f[0]);
  if (!id) return { ok: false, error: "bad IMEI" };
  const command = f[1] ?? "";
  if (command !== "AAA") {
    const message = emptyMessage("commandResult", id);
    message.attributes.result = fieldText(f.slice(1).join(","));
    return { ok: true, value: message };
  }
  const [
    ,
    ,
    eventText,
    lat,
    lng,
    time,
    validity,
    sats,
    gsm,
    speed,
    course,
    hdop,
    alt,
    mileage,
    runtime,
    station,
    io,
  ] = f;
  const code = int(eventText);
  const d = time === undefined ? null : /^(\d{6})(\d{6})$/.exec(time);
  const ts = d ? utcMs(d[1], d[2], "ymd") : null;
  if (code === null) return { ok: false, error: "bad event code" };
  if (ts === null) return { ok: false, error: "bad time" };
  const attributes: Attributes = {};
  const event = eventAttributes(code, attributes);
  const h = num(hdop);
  if (h !== null) attributes.hdop = h;
  const rssi = int(gsm);
  if (rssi !== null) attributes.rssi = rssi;
  const odometer = int(mileage);
  if (odometer !== null) attributes.odometer = odometer;
  const hours = int(runtime);
  if (hours !== null) attributes.hours = hours;
  const ioState = hexInt(io);
  if (ioState !== null) attributes.io = ioState;
  const position = textPosition(
    {
      ts,
      lat: measured(lat),
      lng: measured(lng),
      spd: measured(speed),
      course: measured(course),
      alt: measured(alt),
      satt: int(sats) ?? 0,
      valid: validity === "A",
    },
    attributes,
  );
  if (!position) return { ok: false, error: "bad position" };
  const message = emptyMessage(event ? "alarm" : "position", id);
  message.positions.push(position);
  const [mcc, mnc] = (station ?? "").split("|").slice(0, 2).map(int);
  const [lac, cid] = (station ?? "").split("|").slice(2, 4).map(hexInt);
  if (mcc != null && mnc != null && lac != null && cid != null)
    message.cells = [{ mcc, mnc, lac, cid, rssi: rssi }];
  return { ok: true, value: message };
}

/** Framer for one Meitrack connection: every frame names its device. */
export function createMeitrackSession(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: meitrackFrameSize, decode: decodeMeitrackFrame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export interface MeitrackFix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
}

/**
 * Wraps `,<imei>,<command>,<data>*` with the identifier, length, checksum and CR LF: `$$` for what devices send,
 * `@@` for what the server sends them (the same layout).
 */
export function meitrackFrame(identifier: string, body: string, start: "$$" | "@@" = "$$"): Buffer {
  const tail = `${body}*XX\r\n`;
  const head = `${start}${identifier}${tail.length}`;
  const bytes = Buffer.from(`${head}${body}*`, "latin1");
  const sum = checksum(bytes, bytes.length).toString(16).toUpperCase().padStart(2, "0");
  return Buffer.from(`${head}${body}*${sum}\r\n`, "latin1");
}

/** An AAA report; event 35 is the regular timed report. */
export function encodeMeitrackReport(
  imei: string,
  fix: MeitrackFix,
  options: {
    event?: number;
    mileageM?: number;
    runtimeS?: number;
    cell?: { mcc: number; mnc: number; lac: number; cid: number };
    io?: number;
  },
): Buffer {
  const { ymd, time } = formatUtc(fix.timeMs);
  const cell = options.cell;
  const fields = [
    "",
    imei,
    "AAA",
    String(options.event ?? 35),
    fix.lat.toFixed(6),
    fix.lng.toFixed(6),
    `${ymd}${time}`,
    fix.valid ? "A" : "V",
    String(fix.satellites),
    "20",
    String(Math.round(fix.speedKmh)),
    String(Math.round(fix.course) % 360),
    "1.0",
    String(Math.round(fix.altitude)),
    String(Math.round(options.mileageM ?? 0)),
    String(Math.round(options.runtimeS ?? 0)),
    cell
      ? `${cell.mcc}|${cell.mnc}|${cell.lac.toString(16).toUpperCase()}|${cell.cid.toString(16).toUpperCase()}`
      : "",
    (options.io ?? 0).toString(16).toUpperCase().padStart(4, "0"),
    "",
    "",
  ];
  return meitrackFrame("Q", fields.join(","));
}

/** A CCC history frame with these fixes, `remaining` more still in the device's cache. */
export function encodeMeitrackHistory(
  imei: string,
  fixes: CccFix[],
  remaining = 0,
  identifier = "D",
): Buffer {
  const body = Buffer.concat([Buffer.from(`,${imei},CCC,`, "latin1"), cccData(fixes, remaining)]);
  const tailLength = body.length + 5; // "*XX\r\n"
  const head = Buffer.from(`$$${identifier}${tailLength}`, "latin1");
  const summed = Buffer.concat([head, body, Buffer.from("*", "latin1")]);
  const sum = checksum(summed, summed.length).toString(16).toUpperCase().padStart(2, "0");
  return Buffer.concat([summed, Buffer.from(`${sum}\r\n`, "latin1")]);
}
