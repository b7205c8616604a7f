import { crc16Ibm } from "../shared/crc.ts";
import { DecodeError } from "../shared/reader.ts";
import { RECEPTION_TIME } from "../shared/reception-time.ts";
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
  int,
  measured,
  nmeaDegrees,
  num,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession } from "../text/session.ts";

/**
 * Wialon IPS 1.1 and 2.0 over TCP, both directions. Every packet is `#TYPE#body\r\n`:
 *   #L#imei;password                (1.1)  / #L#2.0;imei;password;crc   (2.0)    → #AL#1
 *   #SD#date;time;lat;N;lon;E;speed;course;alt;sats[;crc]                        → #ASD#1
 *   #D#<SD fields>;hdop;inputs;outputs;adc;ibutton;params[;crc]                  → #AD#1
 *   #B#msg|msg|...[|crc]   (black box: messages stored while offline, SD or D fields each)  → #AB#<count>
 *   #P#                     (ping)                                                 → #AP#
 * date ddmmyy and time hhmmss are UTC; coordinates ddmm.mmmm with hemispheres; speed km/h; "NA" = unknown.
 * A message whose date and time are both NA (a device without a fix time sends them) takes the time the server
 * received it, as the protocol prescribes: marked `receptionTime`, its time is stamped where the bytes were read.
 * Params are `name:type:value` (type 1 integer, 2 float, 3 text). In 2.0 every packet ends with the CRC-16
 * (ARC) of its body up to and including the last ';' (for #B#, the last '|'), as hex digits (4 as a rule; some
 * firmware writes `0x9b0`); a packet whose CRC does not match is answered with its error code (#AD#16, #ASD#13,
 * #AB# with no count) and not stored; a login whose CRC does not match is answered #AL#10 and does not identify
 * the connection (the device logs in again). A param SOS (or alarm) = 1 is the `sos` event.
 * Only the login names the device; data before it is refused.
 * Server → device: `#M#text` (with `;crc` in 2.0), a message the device takes as a command; the device answers
 * `#AM#1` (received; 0 refused, 01 CRC error in 2.0), the `commandResult` that confirms it.
 */

const END = "\r\n";
const MAX_BLACK_BOX = 5000;

export function wialonFrameSize(buf: Buffer): number {
  if (buf.readUInt8(0) !== 0x23) throw new DecodeError("frame does not start with #");
  const at = buf.indexOf(END, 1, "latin1");
  if (at >= 0) return at + END.length;
  // A bare LF ends a packet too with some firmware.
  const lf = buf.indexOf(0x0a, 1);
  return lf < 0 ? 0 : lf + 1;
}

const crcHex = (text: string): string =>
  crc16Ibm(Buffer.from(text, "latin1")).toString(16).toUpperCase().padStart(4, "0");

/**
 * Splits off and checks a 2.0 CRC: the text after the last `sep` must be the CRC of everything before it, in hex
 * (upper or lower case, with or without a `0x` prefix and leading zeros, as firmware writes it).
 */
function checkCrc(body: string, sep: string): { body: string; ok: boolean } {
  const at = body.lastIndexOf(sep);
  if (at < 0) return { body, ok: false };
  const written = /^(?:0x)?([0-9a-f]{1,4})$/i.exec(body.slice(at + 1));
  const expected = crc16Ibm(Buffer.from(body.slice(0, at + 1), "latin1"));
  return {
    body: body.slice(0, at),
    ok: written !== null && Number.parseInt(written[1] ?? "", 16) === expected,
  };
}

const na = (v: string | undefined): boolean => v === undefined || v === "" || v === "NA";

function params(text: string | undefined, attributes: Attributes): void {
  if (na(text)) return;
  for (const p of (text ?? "").split(",").slice(0, 64)) {
    const [name, type, ...rest] = p.split(":");
    const value = rest.join(":");
    if (!name || !/^[A-Za-z0-9_]{1,32}$/.test(name)) continue;
    if (type === "1" || type === "2") {
      const n = num(value);
      if (n !== null) attributes[name] = n;
    } else if (type === "3") attributes[name] = fieldText(value);
  }
}

/** SD fields (10) or D fields (16) → a position, or an error text. */
function message(f: string[], archive: boolean): DecodedPosition | string {
  const [date, time, lat, ns, lng, ew, speed, course, alt, sats] = f;
  const noTime = date === "NA" && time === "NA";
  const ts = noTime ? 0 : utcMs(date, time);
  if (ts === null) return "bad time";
  const noFix = na(lat) || na(lng);
  const latDeg = noFix ? 0 : nmeaDegrees(lat, ns);
  const lngDeg = noFix ? 0 : nmeaDegrees(lng, ew);
  if (latDeg === null || lngDeg === null) return "bad coordinates";
  const attributes: Attributes = archive ? { archive: true } : {};
  if (noTime) attributes[RECEPTION_TIME] = true;
  const satt = na(sats) ? 0 : int(sats);
  if (f.length >= 16) {
    const [hdop, inputs, outputs, adc, ibutton, p] = f.slice(10);
    const h = num(hdop);
    if (h !== null) attributes.hdop = h;
    const i = int(inputs);
    if (i !== null) attributes.input = i;
    const o = int(outputs);
    if (o !== null) attributes.output = o;
    if (!na(adc))
      (adc ?? "")
        .split(",")
        .slice(0, 16)
        .forEach((v, k) => {
          const n = num(v);
          if (n !== null) attributes[`adc${k + 1}`] = n;
        });
    if (!na(ibutton)) attributes.driverId = fieldText(ibutton ?? "");
    params(p, attributes);
    if (attributes.SOS === 1 || attributes.alarm === 1) attributes.event = "sos";
  }
  const position = textPosition(
    {
      ts,
      lat: latDeg,
      lng: lngDeg,
      spd: na(speed) ? 0 : measured(speed),
      course: na(course) ? 0 : measured(course),
      alt: na(alt) ? 0 : measured(alt),
      satt: satt ?? Number.NaN,
      valid: !noFix && (satt ?? 0) >= 3,
    },
    attributes,
  );
  return position ?? "bad speed, course, altitude or satellites";
}

const reply = (text: string): Buffer => Buffer.from(`${text}${END}`, "latin1");

/** Per-connection decoder: the login's protocol version decides whether packets carry a CRC. */
function wialonDecoder() {
  let version2 = false;
  return (frame: Buffer, imei: string | null): DecodeResult<DecodedMessage> => {
    const text = frame.toString("latin1").replace(/\r?\n$/, "");
    const m = /^#([A-Z]{1,3})#(.*)$/s.exec(text);
    if (!m) return { ok: false, error: "not a Wialon packet" };
    const type = m[1] ?? "";
    let body = m[2] ?? "";
    if (type === "L") {
      const f = body.split(";");
      const v2 = f[0] === "2.0";
      const login = emptyMessage("login", null);
      // A login that fails its CRC cannot name the device: it is refused with the CRC error code and the
      // connection stays unidentified until the device logs in again.
      if (v2 && !checkCrc(body, ";").ok) {
        login.ack = reply("#AL#10");
        login.attributes = { version: "2.0", error: "login CRC mismatch" };
        return { ok: true, value: login };
      }
      const id = deviceId(v2 ? f[1] : f[0]);
      if (!id) return { ok: false, error: "bad login id" };
      version2 = v2;
      login.imei = id;
      login.attributes = { version: v2 ? "2.0" : "1.1" };
      // "NA" is how a device without a password fills the field.
      const password = (v2 ? f[2] : f[1]) ?? "";
      login.credential = password === "NA" ? "" : password;
      login.ack = reply("#AL#1");
      return { ok: true, value: login };
    }
    if (type === "AM") {
      const answer = emptyMessage("commandResult", imei);
      answer.attributes.result = body === "1" ? "message received" : `failed: #AM#${fieldText(body)}`;
      return { ok: true, value: answer };
    }
    if (type === "P") {
      const ping = emptyMessage("heartbeat", imei);
      ping.ack = reply("#AP#");
      return { ok: true, value: ping };
    }
    if (type === "SD" || type === "D") {
      const answer = type === "SD" ? "#ASD#" : "#AD#";
      const out = emptyMessage("position", imei);
      if (version2) {
        const checked = checkCrc(body, ";");
        if (!checked.ok) {
          out.ack = reply(`${answer}${type === "SD" ? "13" : "16"}`);
          return { ok: true, value: out };
        }
        body = checked.body;
      }
      const f = body.split(";");
      const result = f.length === (type === "SD" ? 10 : 16) ? message(f, false) : "wrong field count";
      if (typeof result === "string") {
        out.ack = reply(`${answer}${result === "bad time" ? "0" : "-1"}`);
        out.kind = "unknown";
        out.attributes = { error: result };
      } else {
        out.positions.push(result);
        out.ack = reply(`${answer}1`);
      }
      return { ok: true, value: out };
    }
    if (type === "B") {
      const out = emptyMessage("position", imei);
      if (version2) {
        const checked = checkCrc(body, "|");
        if (!checked.ok) {
          out.ack = reply("#AB#");
          return { ok: true, value: out };
        }
        body = checked.body;
      }
      const items = body.split("|").filter((s) => s !== "");
      if (items.length > MAX_BLACK_BOX) return { ok: false, error: "black box too long" };
      for (const item of items) {
        const f = item.split(";");
        const result = f.length === 10 || f.length === 16 ? message(f, true) : "wrong field count";
        if (typeof result !== "string") out.positions.push(result);
      }
      out.ack = reply(`#AB#${out.positions.length}`);
      return { ok: true, value: out };
    }
    const unknown = emptyMessage("unknown", imei);
    unknown.attributes = { type: fieldText(type) };
    return { ok: true, value: unknown };
  };
}

/** Framer for one Wialon IPS connection; the login names the device. */
export function createWialonSession(options: SessionOptions = {}): StreamSession {
  return createTextSession({ frameSize: wialonFrameSize, decode: wialonDecoder(), loginOnly: true }, options);
}

// ---- Encoding (device side) ----

export type WialonVersion = "1.1" | "2.0";

export interface WialonFix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
}

export interface WialonExtras {
  hdop?: number;
  inputs?: number;
  outputs?: number;
  ibutton?: string;
  params?: Record<string, number | string>;
}

function sdFields(fix: WialonFix): string[] {
  const { date, time } = formatUtc(fix.timeMs);
  const lat = formatNmea(fix.lat, true);
  const lng = formatNmea(fix.lng, false);
  return [
    date,
    time,
    lat.value,
    lat.hemisphere,
    lng.value,
    lng.hemisphere,
    String(Math.round(fix.speedKmh)),
    String(Math.round(fix.course) % 360),
    String(Math.round(fix.altitude)),
    String(fix.satellites),
  ];
}

function dFields(fix: WialonFix, x: WialonExtras): string[] {
  const p = Object.entries(x.params ?? {})
    .map(([k, v]) => `${k}:${typeof v === "number" ? (Number.isInteger(v) ? 1 : 2) : 3}:${v}`)
    .join(",");
  return [
    ...sdFields(fix),
    x.hdop === undefined ? "NA" : String(x.hdop),
    x.inputs === undefined ? "NA" : String(x.inputs),
    x.outputs === undefined ? "NA" : String(x.outputs),
    "",
    x.ibutton ?? "NA",
    p || "NA",
  ];
}

const packet = (type: string, body: string, version: WialonVersion, sep = ";"): Buffer =>
  Buffer.from(
    `#${type}#${version === "2.0" ? `${body}${sep}${crcHex(`${body}${sep}`)}` : body}${END}`,
    "latin1",
  );

export const encodeWialonLogin = (imei: string, password: string, version: WialonVersion): Buffer =>
  version === "2.0"
    ? packet("L", `2.0;${imei};${password}`, version)
    : packet("L", `${imei};${password}`, version);
export const encodeWialonShort = (fix: WialonFix, version: WialonVersion): Buffer =>
  packet("SD", sdFields(fix).join(";"), version);
export const encodeWialonData = (fix: WialonFix, extras: WialonExtras, version: WialonVersion): Buffer =>
  packet("D", dFields(fix, extras).join(";"), version);
export const encodeWialonBlackBox = (fixes: WialonFix[], version: WialonVersion): Buffer =>
  packet("B", fixes.map((f) => dFields(f, {}).join(";")).join("|"), version, "|");
/** A server message to the device (a command text): `#M#text\r\n`, with the CRC after `;` in IPS 2.0. */
export const wialonCommand = (text: string, version: WialonVersion): Buffer =>
  version === "2.0"
    ? Buffer.from(`#M#${text};${crcHex(`${text};`)}${END}`, "latin1")
    : Buffer.from(`#M#${text}${END}`, "latin1");
export const encodeWialonPing = (): Buffer => Buffer.from(`#P#${END}`, "latin1");
