import { DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import {
  type Attributes,
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";
import { type FlexLayout, fieldBytes, fieldsOfBitfield, layoutOf } from "./flex-fields.ts";
import { flexCrc, flexMessage, HEADER_BYTES, ntcbPacket, PREAMBLE, xorOf } from "./ntcb.ts";

/**
 * Navtelecom (Signal S-2551 and kin): NTCB packets with a 16-byte header (`ntcb.ts`) for the log-in and the FLEX
 * negotiation, then FLEX messages without a header whose records are laid out by the negotiated bitfield.
 * - `*>S:<IMEI>`: the log-in, answered `*<S` with the header's two ids swapped.
 * - `*>FLEX` 0xB0, protocol version, structure version, size in bits, bitfield: the fields each record carries.
 *   The server always answers protocol version 1.0, so the device sends only the messages read here (a device
 *   sends no later message to a server of an older version). When the table (`flex-fields.ts`) gives the size of
 *   every field named, it answers the device's structure version and reads records by that layout; otherwise it
 *   answers structure version 1.0 (whose 69 fields are all known), and the device sends a bitfield of that version.
 * - `~A<count u8><records><crc8>`, `~T<index u32 LE><record><crc8>`, `~C<record><crc8>`: archive records, an
 *   out-of-turn record and the current state; answered `~A<count>`, `~T<index>`, `~C`, each with its CRC-8.
 * - 0x7F: a ping, and a header with no body: a keep-alive; neither is answered.
 * A record's coordinates (fields 10, 11) are the last valid ones, in 1/10,000 of an arc minute; it is a fix when
 * field 8 says the navigation is valid. Time: the event's (field 3), else the last fix's (field 9). Altitude is in
 * decimetres, speed a float in km/h, mileage a float in km. The device's answers to the server's commands
 * (`commands.ts`), NTCB bodies starting `*@` (a command's) or `*#` (a query's), are `commandResult` messages, not
 * answered; another NTCB body is kept whole as undecoded and not answered; another FLEX message (~E/~X, FLEX 2.0 only) and any FLEX message before an accepted
 * layout end the connection unanswered, as does a bad checksum: nothing is answered that was not read.
 */

const PING = 0x7f;
const FLEX_PROTOCOL = 0xb0;
/** Version 1.0 (10): the protocol whose messages are read here, the structure whose 69 fields are all known. */
const V1 = 10;
const STRUCT_VERSIONS = new Set([10, 20, 30]);
const MINUTE_UNITS = 600_000;

type FieldValues = Map<number, number>;

function readField(r: Reader, n: number): number {
  const size = fieldBytes(n);
  if (size === null) throw new DecodeError(`navtelecom: field ${n} of unknown size`);
  if (n === 10 || n === 11 || n === 12) return r.i32le();
  if (n === 13 || n === 15 || n === 16 || n === 54 || n === 57) return r.f32le();
  // Temperatures: signed bytes.
  if ((n >= 45 && n <= 52) || n === 56) return r.i8();
  if (n === 68) return r.i16le();
  if (size === 1) return r.u8();
  if (size === 2) return r.u16le();
  return r.u32le();
}

function readRecord(r: Reader, layout: FlexLayout): FieldValues {
  const values: FieldValues = new Map();
  for (const n of layout.fields) values.set(n, readField(r, n));
  return values;
}

/** Sets a field's value when the record has it and it is a number (a float field may hold NaN). */
function put(attributes: Attributes, name: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) attributes[name] = value;
}

function attributesOf(v: FieldValues): Attributes {
  const attributes: Attributes = {};
  put(attributes, "index", v.get(1));
  put(attributes, "reason", v.get(2));
  put(attributes, "status", v.get(4));
  const mileage = v.get(15);
  if (mileage !== undefined && mileage >= 0) put(attributes, "odometer", Math.round(mileage * 1000));
  const power = v.get(19);
  if (power !== undefined) put(attributes, "power", power / 1000);
  const battery = v.get(20);
  if (battery !== undefined) put(attributes, "battery", battery / 1000);
  put(attributes, "input", v.get(29));
  put(attributes, "output", v.get(31));
  return attributes;
}

/** The record's fix, or null when it carries no coordinates. */
function positionOf(v: FieldValues): DecodedPosition | null {
  const latUnits = v.get(10);
  const lngUnits = v.get(11);
  if (latUnits === undefined || lngUnits === undefined) return null;
  const lat = latUnits / MINUTE_UNITS;
  const lng = lngUnits / MINUTE_UNITS;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
    throw new DecodeError("navtelecom: coordinates out of range");
  const nav = v.get(8) ?? 0;
  const valid = (nav & 0x02) !== 0;
  const seconds = v.get(3) ?? v.get(9) ?? 0;
  const speed = v.get(13) ?? 0;
  return {
    ts: seconds * 1000,
    lat,
    lng,
    alt: (v.get(12) ?? 0) / 10,
    spd: Number.isFinite(speed) && speed > 0 ? speed : 0,
    course: (v.get(14) ?? 0) % 360,
    satt: nav >> 2,
    valid,
    src: valid ? 1 : 2,
    attributes: attributesOf(v),
  };
}

/** Records → one message: their fixes, or (none having coordinates) a heartbeat with the last one's attributes. */
function recordsMessage(records: FieldValues[], imei: string | null, ack: Buffer): DecodedMessage {
  const message = emptyMessage("position", imei);
  message.ack = ack;
  message.attributes = {};
  for (const v of records) {
    const position = positionOf(v);
    if (position) message.positions.push(position);
    else message.attributes = attributesOf(v);
  }
  if (message.positions.length === 0) {
    message.kind = "heartbeat";
    const seconds = records.at(-1)?.get(3);
    if (seconds !== undefined) message.ts = seconds * 1000;
  }
  return message;
}

interface Connection {
  imei: string | null;
  /** Data may come before a log-in (tests, `vigia decode`). */
  anonymous: boolean;
  layout: FlexLayout | null;
}

/** One FLEX message at the front of `buf`: bytes used (0: more needed). */
function flexStep(buf: Buffer, conn: Connection, out: StreamOutput, maxFrame: number): number {
  if (buf.length < 2) return 0;
  const type = String.fromCharCode(buf[1]!);
  if (type !== "A" && type !== "T" && type !== "C")
    throw new DecodeError(`navtelecom: FLEX message ~${type} not read`);
  const layout = conn.layout;
  if (!layout) throw new DecodeError("navtelecom: FLEX message before an accepted field layout");
  let head = 2;
  let count = 1;
  if (type === "A") {
    if (buf.length < 3) return 0;
    count = buf[2]!;
    head = 3;
  } else if (type === "T") head = 6;
  const total = head + count * layout.recordBytes + 1;
  if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
  if (buf.length < total) return 0;
  if (flexCrc(buf, 0, total - 1) !== buf[total - 1]) throw new DecodeError("navtelecom: FLEX CRC mismatch");
  const r = new Reader(buf.subarray(head, total - 1));
  const records: FieldValues[] = [];
  for (let i = 0; i < count; i++) records.push(readRecord(r, layout));
  const ack = flexMessage(Buffer.from(buf.subarray(0, head)));
  out.messages.push(recordsMessage(records, conn.imei, ack));
  out.replies.push(ack);
  return total;
}

/** The answer to a negotiation: protocol 1.0, the device's structure version when its layout is readable, else 1.0. */
function negotiate(body: Buffer, conn: Connection): Buffer {
  const r = new Reader(body.subarray(6));
  if (r.u8() !== FLEX_PROTOCOL) throw new DecodeError("navtelecom: not a FLEX negotiation");
  r.skip(1); // the device's protocol version: the answer names 1.0 whatever it is
  const structVersion = r.u8();
  const bits = r.u8();
  const layout = layoutOf(fieldsOfBitfield(r.bytes(Math.ceil(bits / 8)), bits));
  const accepted = layout !== null && STRUCT_VERSIONS.has(structVersion) && layout.fields.length > 0;
  conn.layout = accepted ? layout : null;
  const versions = [FLEX_PROTOCOL, V1, accepted ? structVersion : V1];
  return Buffer.concat([Buffer.from("*<FLEX", "latin1"), Buffer.from(versions)]);
}

/** One NTCB packet at the front of `buf`: bytes used (0: more needed). */
function ntcbStep(buf: Buffer, conn: Connection, out: StreamOutput, maxFrame: number): number {
  if (buf.length < HEADER_BYTES) return 0;
  if (!buf.subarray(0, 4).equals(PREAMBLE)) throw new DecodeError("navtelecom: bad preamble");
  if (xorOf(buf, 0, 15) !== buf[15]) throw new DecodeError("navtelecom: header checksum mismatch");
  const total = HEADER_BYTES + buf.readUInt16LE(12);
  if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
  if (buf.length < total) return 0;
  const body = buf.subarray(HEADER_BYTES, total);
  if (xorOf(body) !== buf[14]) throw new DecodeError("navtelecom: body checksum mismatch");
  const receiver = buf.readUInt32LE(4);
  const sender = buf.readUInt32LE(8);
  const text = body.toString("latin1");
  if (body.length === 0) {
    out.messages.push(emptyMessage("heartbeat", conn.imei));
    return total;
  }
  if (text.startsWith("*>S:")) {
    const imei = text.slice(4).replace(/\0+$/, "");
    if (!/^\d{1,20}$/.test(imei)) throw new DecodeError("navtelecom: log-in without an IMEI");
    if (conn.imei !== null && conn.imei !== imei)
      throw new DecodeError("navtelecom: log-in of another device");
    conn.imei = imei;
    const message = emptyMessage("login", imei);
    message.ack = ntcbPacket(sender, receiver, Buffer.from("*<S", "latin1"));
    out.messages.push(message);
    out.replies.push(message.ack);
    return total;
  }
  if (conn.imei === null && !conn.anonymous) throw new DecodeError("data before login");
  if (text.startsWith("*>FLEX")) {
    const message = emptyMessage("heartbeat", conn.imei);
    message.ack = ntcbPacket(sender, receiver, negotiate(body, conn));
    out.messages.push(message);
    out.replies.push(message.ack);
    return total;
  }
  if (text.startsWith("*@") || text.startsWith("*#")) {
    const answer = emptyMessage("commandResult", conn.imei);
    answer.attributes = { result: deviceText(text, MAX_COMMAND_RESULT, { multiline: true }) };
    out.messages.push(answer);
    return total;
  }
  const message = emptyMessage("unknown", conn.imei);
  message.undecoded = {
    offset: HEADER_BYTES,
    reason: `navtelecom: NTCB body ${JSON.stringify(text.slice(0, 6))} not read`,
  };
  out.messages.push(message);
  return total;
}

/** One Navtelecom connection: the log-in names the device, the negotiation the layout of its records. */
export function createNavtelecomSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const conn: Connection = { imei: null, anonymous: options.allowAnonymous === true, layout: null };
  function step(buf: Buffer, out: StreamOutput): number {
    const first = buf[0];
    if (first === undefined) return 0;
    if (first === PING) {
      out.messages.push(emptyMessage("heartbeat", conn.imei));
      return 1;
    }
    if (first === 0x40) return ntcbStep(buf, conn, out, maxFrame);
    if (first !== 0x7e) throw new DecodeError("navtelecom: unknown message start");
    if (conn.imei === null && !conn.anonymous) throw new DecodeError("data before login");
    return flexStep(buf, conn, out, maxFrame);
  }
  return createFramedSession(step, maxFrame, () => conn.imei);
}
