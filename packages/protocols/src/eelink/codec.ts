import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import {
  type Attributes,
  type CellTower,
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
 * Eelink (Shenzhen Eelink TK116, GPT06, TK119…), big-endian packages:
 *   67 67 <PID u8> <size u16: the bytes after it, the sequence included> <sequence u16> <content>
 * The device's packages (PID below 0x80) are each answered with the same PID and sequence; the answer here carries
 * no content. Only the log-in names the device (IMEI, 8 bytes BCD with a leading 0); the session carries it on.
 * Read here:
 * - 0x01 log-in: the IMEI (settings bytes after it are not data).
 * - 0x02 GPS, 0x04 alarm (the same block and an alarm code byte): time u32 (Unix, UTC), latitude and longitude i32
 *   (1/1,800,000°), speed u8 (km/h), course u16, MCC u16, MNC u16, LAC u16, cell id u24, status u8 (bit 0 fixed).
 * - 0x03 heartbeat: a status word.
 * - 0x12 location (protocol 2.0): time u32, a mask byte naming the blocks that follow: bit 0 GPS (latitude and
 *   longitude as above, altitude i16 m, speed u16 km/h, course u16, satellites u8), bit 1 the serving cell (MCC,
 *   MNC, LAC u16, cell id u32, signal u8); then status u16 and 10 bytes more (battery, two analog inputs and
 *   the mileage by their place in the frame). Only the status is kept of that tail: the units of the others could
 *   not be confirmed from a vendor document, and a mileage read in the wrong unit would corrupt the odometer
 *   every report relies on, so they are skipped rather than guessed.
 * - 0x80 from the device: its answer to a server instruction, a type byte, the server's flag u32, then text.
 * Server instructions (`encodeEelinkInstruction`) are 0x80 packages of the same layout from the server: type 0x01
 * (a command), the server's flag (the command's id, echoed in the answer), the command's ASCII text.
 * Anything else the device sends (the terminal state 0x05, GPS packages with extra fields, other 2.0 packages and
 * blocks) is kept whole as `undecoded` (quarantined, then answered) rather than read in part.
 */

const MARK = 0x6767;
const HEADER_BYTES = 5;
const LOGIN = 0x01;
const GPS = 0x02;
const HEARTBEAT = 0x03;
const ALARM = 0x04;
const LOCATION = 0x12;
const INSTRUCTION = 0x80;
const DEGREE_UNITS = 1_800_000;
/** The v1 fix block: time, latitude, longitude, speed, course, MCC, MNC, LAC, cell id, status. */
const BLOCK_BYTES = 25;
/** The 2.0 location's fields after its blocks: status, battery, two analog inputs, mileage. */
const LOCATION_TAIL_BYTES = 12;

/** The answer to a device's package: its PID and sequence, no content. */
export function eelinkAck(pid: number, sequence: number): Buffer {
  const out = Buffer.alloc(7);
  out.writeUInt16BE(MARK, 0);
  out.writeUInt8(pid, 2);
  out.writeUInt16BE(2, 3);
  out.writeUInt16BE(sequence & 0xffff, 5);
  return out;
}

function coordinates(r: Reader): { lat: number; lng: number } {
  const lat = r.i32() / DEGREE_UNITS;
  const lng = r.i32() / DEGREE_UNITS;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("eelink: coordinates out of range");
  return { lat, lng };
}

function readBlock(r: Reader): { position: DecodedPosition; cell: CellTower } {
  const ts = r.u32() * 1000;
  const { lat, lng } = coordinates(r);
  const spd = r.u8();
  const course = r.u16() % 360;
  const cell: CellTower = { mcc: r.u16(), mnc: r.u16(), lac: r.u16(), cid: r.u24(), rssi: null };
  const valid = (r.u8() & 1) === 1;
  return {
    position: { ts, lat, lng, alt: 0, spd, course, satt: 0, valid, src: valid ? 1 : 2, attributes: {} },
    cell,
  };
}

function undecoded(message: DecodedMessage, packet: Buffer, offset: number, reason: string): DecodedMessage {
  message.kind = "unknown";
  message.positions = [];
  message.undecoded = { offset, reason: `eelink: ${reason}` };
  message.raw = packet;
  return message;
}

function readLocation(r: Reader, message: DecodedMessage, packet: Buffer): DecodedMessage {
  const ts = r.u32() * 1000;
  const mask = r.u8();
  if ((mask & ~0x03) !== 0) {
    return undecoded(
      message,
      packet,
      HEADER_BYTES + 2 + 4,
      `location blocks 0x${mask.toString(16)} not read`,
    );
  }
  let position: DecodedPosition | null = null;
  if (mask & 0x01) {
    const { lat, lng } = coordinates(r);
    const alt = r.i16();
    const spd = r.u16();
    const course = r.u16() % 360;
    const satt = r.u8();
    position = { ts, lat, lng, alt, spd, course, satt, valid: true, src: 1, attributes: {} };
  }
  if (mask & 0x02) {
    message.cells = [{ mcc: r.u16(), mnc: r.u16(), lac: r.u16(), cid: r.u32(), rssi: r.u8() }];
  }
  if (r.remaining !== LOCATION_TAIL_BYTES) {
    return undecoded(message, packet, HEADER_BYTES + 2 + r.offset, "location fields of another firmware");
  }
  const attributes: Attributes = { status: r.u16() };
  r.skip(LOCATION_TAIL_BYTES - 2);
  if (position) {
    position.attributes = attributes;
    message.positions.push(position);
  } else {
    message.kind = "lbs";
    message.ts = ts;
    message.attributes = attributes;
  }
  return message;
}

/**
 * One whole package → message with its answer. `imei` is the connection's device (from its log-in), null before
 * it. Never throws.
 */
export function decodeEelinkPackage(packet: Buffer, imei: string | null): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (packet.length < HEADER_BYTES + 2 || packet.readUInt16BE(0) !== MARK)
      throw new DecodeError("eelink: bad mark");
    if (packet.readUInt16BE(3) !== packet.length - HEADER_BYTES)
      throw new DecodeError("eelink: size mismatch");
    const pid = packet[2]!;
    const sequence = packet.readUInt16BE(5);
    const r = new Reader(packet.subarray(HEADER_BYTES + 2));
    const message = emptyMessage("position", imei);
    message.attributes = {};
    if (pid === INSTRUCTION) {
      message.kind = "commandResult";
      r.skip(5);
      message.attributes.result = deviceText(r.bytes(r.remaining).toString("utf8"), MAX_COMMAND_RESULT);
      return message;
    }
    if (pid > INSTRUCTION)
      throw new DecodeError(`eelink: server package 0x${pid.toString(16)} from a device`);
    message.ack = eelinkAck(pid, sequence);
    if (pid === LOGIN) {
      const digits = r.bytes(8).toString("hex");
      if (!/^0\d{15}$/.test(digits)) throw new DecodeError("eelink: IMEI is not BCD");
      message.kind = "login";
      message.imei = digits.slice(1);
      return message;
    }
    if (pid === HEARTBEAT) {
      message.kind = "heartbeat";
      if (r.remaining !== 2)
        return undecoded(message, packet, HEADER_BYTES + 2, "heartbeat of another firmware");
      message.attributes.status = r.u16();
      return message;
    }
    if (pid === LOCATION) return readLocation(r, message, packet);
    if (pid !== GPS && pid !== ALARM) {
      return undecoded(message, packet, HEADER_BYTES + 2, `package 0x${pid.toString(16)} not read`);
    }
    const { position, cell } = readBlock(r);
    // MCC 0: the device had no network cell to report.
    if (cell.mcc !== 0) message.cells = [cell];
    if (pid === ALARM) {
      message.kind = "alarm";
      message.attributes.alarmCode = r.u8();
      position.attributes.alarmCode = message.attributes.alarmCode;
    }
    if (r.remaining > 0) {
      return undecoded(message, packet, HEADER_BYTES + 2 + r.offset, "fields after the fix not read");
    }
    message.positions.push(position);
    return message;
  });
}

/** One Eelink connection: the log-in names the device; data before it is refused unless `allowAnonymous`. */
export function createEelinkSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length < 2) return 0;
    if (buf.readUInt16BE(0) !== MARK) throw new DecodeError("eelink: bad mark");
    if (buf.length < HEADER_BYTES) return 0;
    const total = buf.readUInt16BE(3) + HEADER_BYTES;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (total < HEADER_BYTES + 2) throw new DecodeError("eelink: size mismatch");
    if (buf.length < total) return 0;
    const res = decodeEelinkPackage(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (message.kind === "login") {
      if (imei !== null && message.imei !== imei) throw new DecodeError("eelink: log-in of another device");
      imei = message.imei;
    } else if (imei === null && !options.allowAnonymous) throw new DecodeError("data before login");
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

/** The content type of an instruction package that carries a command text. */
const INSTRUCTION_COMMAND = 0x01;

/**
 * An instruction (0x80) package: type 0x01, the flag u32, the text. The server sends its commands this way
 * (`flag` names the command); the device answers in the same layout, with the server's flag and its reply text.
 */
export function encodeEelinkInstruction(sequence: number, flag: number, text: string): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(INSTRUCTION_COMMAND, 0);
  head.writeUInt32BE(flag >>> 0, 1);
  return eelinkPackage(INSTRUCTION, sequence, Buffer.concat([head, Buffer.from(text, "latin1")]));
}

/**
 * A server instruction as the device reads it (simulator, tests): sequence, flag and command text; null when the
 * bytes are not one whole instruction package.
 */
export function readEelinkInstruction(
  packet: Buffer,
): { sequence: number; flag: number; text: string } | null {
  if (packet.length < HEADER_BYTES + 7 || packet.readUInt16BE(0) !== MARK || packet[2] !== INSTRUCTION)
    return null;
  if (packet.readUInt16BE(3) !== packet.length - HEADER_BYTES || packet[7] !== INSTRUCTION_COMMAND)
    return null;
  return {
    sequence: packet.readUInt16BE(5),
    flag: packet.readUInt32BE(8),
    text: packet.toString("latin1", 12),
  };
}

// ---- Encoding (device side: simulator, tests) ----

function eelinkPackage(pid: number, sequence: number, content: Buffer): Buffer {
  const head = Buffer.alloc(7);
  head.writeUInt16BE(MARK, 0);
  head.writeUInt8(pid, 2);
  head.writeUInt16BE(content.length + 2, 3);
  head.writeUInt16BE(sequence & 0xffff, 5);
  return Buffer.concat([head, content]);
}

/** The log-in (0x01): the IMEI in BCD, then language 2 (English) as devices send it. */
export function encodeEelinkLogin(imei: string, sequence: number): Buffer {
  const digits = imei.replace(/\D/g, "").padStart(15, "0").slice(-15);
  return eelinkPackage(LOGIN, sequence, Buffer.concat([Buffer.from(`0${digits}`, "hex"), Buffer.from([2])]));
}

export function encodeEelinkHeartbeat(sequence: number, status: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(status & 0xffff, 0);
  return eelinkPackage(HEARTBEAT, sequence, b);
}

/** A GPS package (0x02), or an alarm (0x04) when `alarmCode` is given; `cell` defaults to an unknown one. */
export function encodeEelinkFix(
  sequence: number,
  fix: EncodableFix,
  options: { alarmCode?: number; cell?: Omit<CellTower, "rssi"> } = {},
): Buffer {
  const b = Buffer.alloc(BLOCK_BYTES + (options.alarmCode === undefined ? 0 : 1));
  b.writeUInt32BE(Math.max(0, Math.round(fix.timeMs / 1000)), 0);
  b.writeInt32BE(Math.round(fix.lat * DEGREE_UNITS), 4);
  b.writeInt32BE(Math.round(fix.lng * DEGREE_UNITS), 8);
  b.writeUInt8(Math.min(255, Math.max(0, Math.round(fix.speedKmh))), 12);
  b.writeUInt16BE(Math.round(((fix.course % 360) + 360) % 360) % 360, 13);
  const cell = options.cell ?? { mcc: 0, mnc: 0, lac: 0, cid: 0 };
  b.writeUInt16BE(cell.mcc, 15);
  b.writeUInt16BE(cell.mnc, 17);
  b.writeUInt16BE(cell.lac, 19);
  b.writeUIntBE(cell.cid & 0xffffff, 21, 3);
  b.writeUInt8(fix.valid ? 1 : 0, 24);
  if (options.alarmCode !== undefined) b.writeUInt8(options.alarmCode, 25);
  return eelinkPackage(options.alarmCode === undefined ? GPS : ALARM, sequence, b);
}
