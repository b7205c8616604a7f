import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import {
  type Attributes,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  type EncodableFix,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";

/**
 * CalAmp LM Direct (LMU vehicle units), UDP, big-endian; one message per datagram, no checksum (UDP's own):
 *   [options header] <service type u8> <message type u8> <sequence u16> <message body>
 * Options header, present when the first byte has bit 7 set: the options byte, then for each bit set, in order,
 * a length byte and that many bytes — bit 0 mobile ID (BCD digits, `F` padding), bit 1 mobile ID type, bit 2
 * authentication, bit 3 routing, bit 4 forwarding, bit 5 response redirection, bit 6 options extension.
 * Service type 0 unacknowledged, 1 acknowledged request (answered), 2 response.
 * Message types decoded: 2 event report, 8 locate report (the event report's layout, sent when polled), 4 user
 * data, 10 mini event report; 0 null, 3 ID report and others are answered when asked but carry no position.
 *   Event and locate report: update time u32, fix time u32 (epoch s), latitude, longitude i32 (1e-7°), altitude
 *     i32 (cm), speed u32 (cm/s), heading u16, satellites u8, fix status u8 (0x08 invalid fix, 0x04 last known,
 *     0x20 historic), carrier u16, RSSI i16 (dBm), comm state u8, HDOP u8 (×0.1), inputs u8 (bit 0 ignition),
 *     unit status u8, event index u8, event code u8, accumulator count u8 (low 6 bits), spare u8, accumulators
 *     u32. A unit that never had a fix writes fix time 0: the update time (when it made the report) stands in.
 *   User data: the same fields up to the unit status, then route u8, message id u8, length u16 and the user's
 *     bytes (kept as `userData` hex, the first 100 bytes).
 *   Mini event report: time u32, latitude, longitude i32 (1e-7°), heading u16, speed u8 (km/h), fix status and
 *     satellites u8 (high and low nibble), comm state u8, inputs u8, event code u8, accumulator count u8 (low
 *     6 bits), accumulators u32.
 * The answer to an acknowledged request (service type 1) is an ACK message without options header:
 *   02 01 <sequence u16> <acked message type u8> <ack 00> <spare 00> <app version 00 00 00>
 * Written from the LM Direct reference as we know it, tested with messages built by our encoder and with real
 * units' datagrams (the conformance corpus: every one fills its datagram exactly under this layout); the event
 * codes are the unit's own (configured per PEG script), kept as `eventCode` numbers and not mapped to our events.
 */

const SERVICE_ACKNOWLEDGED = 1;
const SERVICE_RESPONSE = 2;
const MSG_ACK = 1;
const MSG_EVENT = 2;
const MSG_USER_DATA = 4;
const MSG_LOCATE = 8;
const MSG_MINI_EVENT = 10;
const POSITION_TYPES = new Set([MSG_EVENT, MSG_USER_DATA, MSG_LOCATE, MSG_MINI_EVENT]);
/** User data bytes kept, as hex: within an attribute's length. */
const MAX_USER_DATA = 100;
/** LM Direct datagrams are small; anything above this is not one. */
const MAX_DATAGRAM = 1024;

const FIX_INVALID = 0x08;
const FIX_LAST_KNOWN = 0x04;
const FIX_HISTORIC = 0x20;

/** The ACK of a message: service type 2, message type 1, its sequence, its type, ACK, spare, app version 0. */
export function calampAck(sequence: number, type: number): Buffer {
  const out = Buffer.alloc(10);
  out.writeUInt8(SERVICE_RESPONSE, 0);
  out.writeUInt8(MSG_ACK, 1);
  out.writeUInt16BE(sequence & 0xffff, 2);
  out.writeUInt8(type & 0xff, 4);
  return out;
}

/** An ACK as the device reads it: the sequence and message type it answers, and whether it is an ACK (not a NAK). */
export interface CalampAck {
  sequence: number;
  type: number;
  accepted: boolean;
}

/**
 * A datagram from the server read as an ACK (service type 2, message type 1, an options header allowed); null for
 * anything else, which a unit leaves unanswered. Never throws.
 */
export function decodeCalampAck(datagram: Buffer): CalampAck | null {
  const res = attempt(() => {
    if (datagram.length > MAX_DATAGRAM) throw new DecodeError("datagram too long");
    const r = new Reader(datagram);
    if ((datagram[0] ?? 0) & 0x80) readOptions(r);
    if (r.u8() !== SERVICE_RESPONSE || r.u8() !== MSG_ACK) return null;
    const sequence = r.u16();
    const type = r.u8();
    return { sequence, type, accepted: r.u8() === 0 };
  });
  return res.ok ? res.value : null;
}

/** The mobile ID's BCD digits, the `F` padding dropped; null when it is not digits. */
function mobileId(bytes: Buffer): string | null {
  const digits = bytes.toString("hex").replace(/f+$/i, "");
  return /^\d{1,20}$/.test(digits) ? digits : null;
}

function readOptions(r: Reader): string | null {
  const options = r.u8();
  let id: string | null = null;
  for (let bit = 0; bit < 7; bit++) {
    if ((options & (1 << bit)) === 0) continue;
    const field = r.bytes(r.u8());
    if (bit === 0) id = mobileId(field);
  }
  return id;
}

const coordinate = (raw: number, limit: number): number => {
  const deg = raw / 1e7;
  if (Math.abs(deg) > limit) throw new DecodeError("coordinate out of range");
  return deg;
};

function readAccumulators(r: Reader, count: number, attributes: Attributes): void {
  if (count * 4 > r.remaining) throw new DecodeError("accumulators beyond the message");
  for (let i = 0; i < count; i++) attributes[`acc${i}`] = r.u32();
}

/** Event, locate and user data reports: their common fields, then the type's own. */
function eventReport(r: Reader, message: DecodedMessage, type: number): void {
  const updated = r.u32() * 1000;
  const fixed = r.u32() * 1000;
  const ts = fixed > 0 ? fixed : updated;
  const lat = coordinate(r.i32(), 90);
  const lng = coordinate(r.i32(), 180);
  const alt = r.i32() / 100;
  const spd = (r.u32() * 3.6) / 100;
  const course = r.u16() % 360;
  const satt = r.u8();
  const fix = r.u8();
  const attributes: Attributes = {};
  r.u16(); // carrier
  attributes.rssi = r.i16();
  r.u8(); // comm state
  attributes.hdop = r.u8() / 10;
  const inputs = r.u8();
  attributes.ignition = (inputs & 0x01) !== 0;
  attributes.input = inputs;
  r.u8(); // unit status
  if (type === MSG_USER_DATA) {
    r.u8(); // route
    attributes.userMessageId = r.u8();
    const data = r.bytes(r.u16());
    if (data.length > 0) attributes.userData = data.subarray(0, MAX_USER_DATA).toString("hex");
  } else {
    r.u8(); // event index
    attributes.eventCode = r.u8();
    const count = r.u8() & 0x3f;
    r.u8(); // spare
    readAccumulators(r, count, attributes);
  }
  push(message, { ts, lat, lng, alt, spd, course, satt, fix }, attributes);
}

function miniEventReport(r: Reader, message: DecodedMessage): void {
  const ts = r.u32() * 1000;
  const lat = coordinate(r.i32(), 90);
  const lng = coordinate(r.i32(), 180);
  const course = r.u16() % 360;
  const spd = r.u8();
  const status = r.u8();
  const attributes: Attributes = {};
  r.u8(); // comm state
  const inputs = r.u8();
  attributes.ignition = (inputs & 0x01) !== 0;
  attributes.input = inputs;
  attributes.eventCode = r.u8();
  readAccumulators(r, r.u8() & 0x3f, attributes);
  push(message, { ts, lat, lng, alt: 0, spd, course, satt: status & 0x0f, fix: status >> 4 }, attributes);
}

function push(
  message: DecodedMessage,
  p: Pick<DecodedPosition, "ts" | "lat" | "lng" | "alt" | "spd" | "course" | "satt"> & { fix: number },
  attributes: Attributes,
): void {
  if ((p.fix & FIX_HISTORIC) !== 0) attributes.archive = true;
  const valid = (p.fix & (FIX_INVALID | FIX_LAST_KNOWN)) === 0 && !(p.lat === 0 && p.lng === 0);
  message.positions.push({
    ts: p.ts,
    lat: p.lat,
    lng: p.lng,
    alt: p.alt,
    spd: p.spd,
    course: p.course,
    satt: p.satt,
    valid,
    src: valid ? 1 : 2,
    attributes,
  });
}

/** One LM Direct datagram → message with its ACK (when the device asked for one). Never throws. */
export function decodeCalampMessage(datagram: Buffer): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (datagram.length > MAX_DATAGRAM) throw new DecodeError("datagram too long");
    const r = new Reader(datagram);
    const id = (datagram[0] ?? 0) & 0x80 ? readOptions(r) : null;
    const service = r.u8();
    const type = r.u8();
    const sequence = r.u16();
    if (service > SERVICE_RESPONSE) throw new DecodeError("bad service type");
    const message = emptyMessage(POSITION_TYPES.has(type) ? "position" : "unknown", id);
    message.attributes = { type, sequence };
    if (type === MSG_MINI_EVENT) miniEventReport(r, message);
    else if (POSITION_TYPES.has(type)) eventReport(r, message, type);
    if (service === SERVICE_ACKNOWLEDGED) message.ack = calampAck(sequence, type);
    return message;
  });
}

/**
 * One device's datagrams: each `push` is a whole datagram (UDP delivers them whole), decoded on its own. The
 * mobile ID in the options header names the device; a datagram without one is refused unless anonymous data
 * is allowed (the CLI), and one naming another device ends the session. Errors are sticky.
 */
export function createCalampSession(options: SessionOptions = {}): StreamSession {
  let imei: string | null = null;
  let failed = false;
  const none = (): StreamOutput => ({ messages: [], replies: [], error: null });
  return {
    push(chunk) {
      if (failed) return none();
      const fail = (error: string): StreamOutput => {
        failed = true;
        return { messages: [], replies: [], error };
      };
      const res = decodeCalampMessage(chunk);
      if (!res.ok) return fail(res.error);
      const message = res.value;
      if (message.imei === null && imei === null && !options.allowAnonymous)
        return fail("message without a mobile ID");
      if (message.imei !== null && imei !== null && message.imei !== imei)
        return fail("message of another device");
      imei ??= message.imei;
      message.imei ??= imei;
      return { messages: [message], replies: message.ack ? [message.ack] : [], error: null };
    },
    buffered: () => 0,
    imei: () => imei,
    end: none,
  };
}

// ---- Encoding (device side: tests, fuzz, bench) ----

export type CalampFix = EncodableFix;

/** Options header with the mobile ID (BCD, F-padded to whole bytes) and its type (2 = IMEI). */
function optionsHeader(id: string): Buffer {
  const digits = id.length % 2 === 0 ? id : `${id}f`;
  const bcd = Buffer.from(digits, "hex");
  return Buffer.concat([Buffer.from([0x83, bcd.length]), bcd, Buffer.from([0x01, 0x02])]);
}

const messageHeader = (acknowledged: boolean, type: number, sequence: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt8(acknowledged ? SERVICE_ACKNOWLEDGED : 0, 0);
  out.writeUInt8(type, 1);
  out.writeUInt16BE(sequence & 0xffff, 2);
  return out;
};

/** An event report (type 2), acknowledged by default, with `accumulators` as u32 values. */
export function encodeCalampEvent(
  id: string,
  sequence: number,
  fix: CalampFix,
  options: {
    event?: number;
    acknowledged?: boolean;
    accumulators?: readonly number[];
    historic?: boolean;
  } = {},
): Buffer {
  const accs = options.accumulators ?? [];
  const body = Buffer.alloc(40 + accs.length * 4);
  const s = Math.round(fix.timeMs / 1000);
  body.writeUInt32BE(s, 0);
  body.writeUInt32BE(s, 4);
  body.writeInt32BE(Math.round(fix.lat * 1e7), 8);
  body.writeInt32BE(Math.round(fix.lng * 1e7), 12);
  body.writeInt32BE(Math.round(fix.altitude * 100), 16);
  body.writeUInt32BE(Math.round((fix.speedKmh * 100) / 3.6), 20);
  body.writeUInt16BE(Math.round(fix.course) % 360, 24);
  body.writeUInt8(Math.min(255, fix.satellites), 26);
  body.writeUInt8((fix.valid ? 0x02 : FIX_INVALID) | (options.historic ? FIX_HISTORIC : 0), 27);
  body.writeUInt16BE(0, 28); // carrier
  body.writeInt16BE(-70, 30); // RSSI
  body.writeUInt8(0x0f, 32); // comm state
  body.writeUInt8(9, 33); // HDOP 0.9
  body.writeUInt8(fix.ignition ? 0x01 : 0x00, 34);
  body.writeUInt8(0, 35); // unit status
  body.writeUInt8(sequence & 0xff, 36); // event index
  body.writeUInt8(options.event ?? 0, 37);
  body.writeUInt8(accs.length & 0x3f, 38);
  for (const [i, v] of accs.entries()) body.writeUInt32BE(v >>> 0, 40 + i * 4);
  return Buffer.concat([
    optionsHeader(id),
    messageHeader(options.acknowledged ?? true, MSG_EVENT, sequence),
    body,
  ]);
}

/** A mini event report (type 10), acknowledged by default. */
export function encodeCalampMiniEvent(
  id: string,
  sequence: number,
  fix: CalampFix,
  options: { event?: number; acknowledged?: boolean; accumulators?: readonly number[] } = {},
): Buffer {
  const accs = options.accumulators ?? [];
  const body = Buffer.alloc(20 + accs.length * 4);
  body.writeUInt32BE(Math.round(fix.timeMs / 1000), 0);
  body.writeInt32BE(Math.round(fix.lat * 1e7), 4);
  body.writeInt32BE(Math.round(fix.lng * 1e7), 8);
  body.writeUInt16BE(Math.round(fix.course) % 360, 12);
  body.writeUInt8(Math.min(255, Math.max(0, Math.round(fix.speedKmh))), 14);
  body.writeUInt8(((fix.valid ? 0x02 : FIX_INVALID) << 4) | Math.min(15, fix.satellites), 15);
  body.writeUInt8(0x0f, 16); // comm state
  body.writeUInt8(fix.ignition ? 0x01 : 0x00, 17);
  body.writeUInt8(options.event ?? 0, 18);
  body.writeUInt8(accs.length & 0x3f, 19);
  for (const [i, v] of accs.entries()) body.writeUInt32BE(v >>> 0, 20 + i * 4);
  return Buffer.concat([
    optionsHeader(id),
    messageHeader(options.acknowledged ?? true, MSG_MINI_EVENT, sequence),
    body,
  ]);
}
