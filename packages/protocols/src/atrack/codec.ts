import { crc16Ibm } from "../shared/crc.ts";
import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession, keepFrameOfOneDevice } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT, MAX_TEXT_VALUE } from "../shared/text.ts";
import {
  type Attributes,
  DEFAULT_MAX_FRAME_BYTES,
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
 * ATrack binary protocol (AK/AX/AL series), big-endian:
 *   "@P" <CRC-16/ARC u16 of everything after it from the length on> <length u16: the bytes after it>
 *   <sequence u16> <unit id u64: the IMEI> <records>
 * A record (the devices' standard report, without custom information): GPS time, RTC time and sending time u32
 * (Unix seconds), longitude and latitude i32 (1e-6°), heading u16, report id u8, odometer u32 (0.1 km), HDOP u16
 * (0.1), inputs u8, speed u16 (km/h), outputs u8, analog input u16 (mV), driver id (text ending in a NUL),
 * temperatures 1 and 2 i16 (0.1 °C, 2000 = no sensor), text message (ending in a NUL).
 * The server answers each packet with FE 02 <unit id> <sequence>, which is also the device's keep-alive packet,
 * answered with itself. A unit configured to append custom information (a "%CI…" format string after the text)
 * sends fields whose sizes depend on that format: such a packet is kept whole as `undecoded` (quarantined, then
 * answered) rather than read in part. A wrong CRC or length ends the connection.
 * The server's text commands (`AT$…`, `commands.ts`) are answered on the same connection with a text line: `$OK`,
 * `$ERROR=<code>`, or the queried value (`$INFO=<unit id>,<model>,…`), ending in CR LF. Such a line is the
 * command's `commandResult`, unanswered.
 */

const HEADER = 0x4050;
const KEEP_ALIVE = 0xfe02;
const KEEP_ALIVE_BYTES = 12;
const NO_SENSOR = 2000;
/** The first byte of a custom-information format string: "%". */
const CUSTOM = 0x25;
/** The first byte of a text answer to a command: "$". */
const ANSWER = 0x24;
/** Longest answer line read: far above any answer the documents show, bounded so garbage cannot pile up. */
const MAX_ANSWER_BYTES = 4096;

function cString(r: Reader): string {
  const bytes: number[] = [];
  for (let b = r.u8(); b !== 0; b = r.u8()) bytes.push(b);
  return deviceText(Buffer.from(bytes).toString("latin1"), MAX_TEXT_VALUE);
}

function readRecord(r: Reader): DecodedPosition {
  const gpsTime = r.u32();
  r.skip(8);
  const lng = r.i32() / 1e6;
  const lat = r.i32() / 1e6;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("atrack: coordinates out of range");
  const course = r.u16() % 360;
  const attributes: Attributes = {
    reason: r.u8(),
    odometer: r.u32() * 100,
    hdop: r.u16() / 10,
    input: r.u8(),
  };
  const spd = r.u16();
  attributes.output = r.u8();
  attributes.adc1 = r.u16();
  const driver = cString(r);
  if (driver) attributes.driverId = driver;
  for (const name of ["temp1", "temp2"]) {
    const t = r.i16();
    if (t !== NO_SENSOR) attributes[name] = t / 10;
  }
  const text = cString(r);
  if (text) attributes.text = text;
  // A device that never had a fix sends time 0 and 0°, 0°: not a position.
  const valid = gpsTime > 0 && !(lat === 0 && lng === 0);
  return {
    ts: gpsTime * 1000,
    lat,
    lng,
    alt: 0,
    spd,
    course,
    satt: 0,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
}

/** The answer to a packet (and the keep-alive): FE 02, the unit id as sent, the sequence. */
export function atrackAck(unitId: Buffer, sequence: number): Buffer {
  const out = Buffer.alloc(KEEP_ALIVE_BYTES);
  out.writeUInt16BE(KEEP_ALIVE, 0);
  unitId.copy(out, 2, 0, 8);
  out.writeUInt16BE(sequence & 0xffff, 10);
  return out;
}

/** One whole "@P" packet or keep-alive → message with its answer. Never throws. */
export function decodeAtrackPacket(packet: Buffer): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (packet.length === KEEP_ALIVE_BYTES && packet.readUInt16BE(0) === KEEP_ALIVE) {
      const message = emptyMessage("heartbeat", packet.readBigUInt64BE(2).toString());
      message.ack = Buffer.from(packet);
      return message;
    }
    if (packet.length < 16 || packet.readUInt16BE(0) !== HEADER) throw new DecodeError("atrack: bad header");
    if (packet.readUInt16BE(4) !== packet.length - 6) throw new DecodeError("atrack: length mismatch");
    if (crc16Ibm(packet, 4) !== packet.readUInt16BE(2)) throw new DecodeError("atrack: CRC mismatch");
    const sequence = packet.readUInt16BE(6);
    const unitId = packet.subarray(8, 16);
    const message = emptyMessage("position", packet.readBigUInt64BE(8).toString());
    message.ack = atrackAck(unitId, sequence);
    const r = new Reader(packet.subarray(16));
    const positions: DecodedPosition[] = [];
    while (r.remaining > 0) {
      const at = 16 + r.offset;
      const record = readRecord(r);
      if (r.remaining > 0 && packet[16 + r.offset] === CUSTOM) {
        message.kind = "unknown";
        message.undecoded = { offset: at, reason: `atrack: custom information at offset ${16 + r.offset}` };
        message.raw = packet;
        return message;
      }
      positions.push(record);
    }
    message.positions.push(...positions);
    return message;
  });
}

/** A text answer line (`$…`, its line end included or not) → the command's result on this unit's connection. */
export function decodeAtrackAnswer(line: Buffer, imei: string | null): DecodedMessage {
  const message = emptyMessage("commandResult", imei);
  const text = line.toString("latin1").replace(/\r?\n$/, "");
  message.attributes = { result: deviceText(text, MAX_COMMAND_RESULT) };
  return message;
}

/** Reads one text answer line at the front of `buf`; 0 while its line end has not come. */
function answerStep(buf: Buffer, out: StreamOutput, imei: string | null, anonymous: boolean): number {
  const end = buf.indexOf(0x0a);
  if (end < 0) {
    if (buf.length > MAX_ANSWER_BYTES) throw new DecodeError("atrack: command answer without a line end");
    return 0;
  }
  // Commands go only to a unit that named itself: an answer before that is not one.
  if (imei === null && !anonymous)
    throw new DecodeError("atrack: command answer before the unit named itself");
  out.messages.push(decodeAtrackAnswer(buf.subarray(0, end + 1), imei));
  return end + 1;
}

/** One ATrack connection: every packet names its unit; a packet of another unit ends it. */
export function createAtrackSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf[0] === ANSWER) return answerStep(buf, out, imei, options.allowAnonymous === true);
    if (buf.length < 2) return 0;
    const head = buf.readUInt16BE(0);
    let total: number;
    if (head === KEEP_ALIVE) total = KEEP_ALIVE_BYTES;
    else if (head === HEADER) {
      if (buf.length < 6) return 0;
      total = buf.readUInt16BE(4) + 6;
    } else throw new DecodeError("atrack: bad header");
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeAtrackPacket(buf.subarray(0, total));
    if (!res.ok) throw new DecodeError(res.error);
    imei = keepFrameOfOneDevice(imei, res.value, out, "atrack: packet of another unit");
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

// ---- Encoding (device side: simulator, tests) ----

/** A binary packet of `imei` with one standard record per fix (no driver id, no sensors, no text). */
export function encodeAtrackPacket(
  imei: string,
  sequence: number,
  fixes: (EncodableFix & { odometerM?: number })[],
): Buffer {
  const records = fixes.map((fix) => {
    const b = Buffer.alloc(41);
    const seconds = Math.max(0, Math.round(fix.timeMs / 1000));
    b.writeUInt32BE(fix.valid ? seconds : 0, 0);
    b.writeUInt32BE(seconds, 4);
    b.writeUInt32BE(seconds, 8);
    b.writeInt32BE(Math.round(fix.lng * 1e6), 12);
    b.writeInt32BE(Math.round(fix.lat * 1e6), 16);
    b.writeUInt16BE(Math.round(((fix.course % 360) + 360) % 360) % 360, 20);
    b.writeUInt8(2, 22);
    b.writeUInt32BE(Math.round((fix.odometerM ?? 0) / 100), 23);
    b.writeUInt16BE(9, 27);
    b.writeUInt8(fix.ignition ? 1 : 0, 29);
    b.writeUInt16BE(Math.min(0xffff, Math.round(fix.speedKmh)), 30);
    // Output 0, analog 0, empty driver id, no temperature sensors, empty text.
    b.writeInt16BE(NO_SENSOR, 36);
    b.writeInt16BE(NO_SENSOR, 38);
    return b;
  });
  const body = Buffer.concat([Buffer.alloc(10), ...records]);
  body.writeUInt16BE(sequence & 0xffff, 0);
  body.writeBigUInt64BE(BigInt(imei.replace(/\D/g, "") || "0"), 2);
  const head = Buffer.alloc(6);
  head.writeUInt16BE(HEADER, 0);
  head.writeUInt16BE(body.length, 4);
  const out = Buffer.concat([head, body]);
  out.writeUInt16BE(crc16Ibm(out, 4), 2);
  return out;
}
