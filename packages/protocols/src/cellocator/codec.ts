import { attempt, DecodeError } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import {
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodeResult,
  type EncodableFix,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";

/**
 * Cellocator (Pointer) wireless protocol over TCP, little-endian. Every message starts with the system code "MCGP"
 * and its type; its last byte is the sum of the bytes from the type on (mod 256).
 * Type 0, status/location, 70 bytes:
 *   4 type, 5-8 unit id u32, 9-10 communication control, 11 message numerator, 12 hardware version, 13 software
 *   version, 14 protocol version, 15-16 unit status and GSM operator, 17 transmission reason data, 18 transmission
 *   reason, 19 unit mode, 20-37 inputs/outputs, analog inputs, mileage and multi-purpose data (not read), 38-39 last
 *   GPS fix, 40 location status, 41 GPS mode 1 (the navigation solution: 3-6 are 2D/3D fixes), 42 GPS mode 2, 43
 *   satellites, 44-47 longitude and 48-51 latitude i32 (1e-8 radians), 52-55 altitude i32 (cm), 56-59 ground speed
 *   u32 (cm/s), 60-61 course u16 (1e-3 radians), 62 seconds, 63 minutes, 64 hours, 65 day, 66 month, 67-68 year
 *   (UTC), 69 checksum.
 * The server acknowledges each with a type 4 message of 28 bytes: "MCGP", 4, the unit id, its own command numerator,
 * authentication code 0, action code 0, the message numerator acknowledged, secondary numerator 0, ten reserved
 * zero bytes and the checksum. The unit id (decimal) names the device. A message of another type (the units'
 * modular and forwarded-data messages carry layouts this decoder does not read, and no length that would let it
 * step over them) ends the connection unanswered: the unit keeps it and sends it again.
 * Server commands (`encodeCellocatorCommand`) are generic commands, type 0, 25 bytes: "MCGP", 0, the unit id u32,
 * the command numerator, the authentication code u32, the command code and the same again, the data field and the
 * same again, two reserved bytes, four bytes of command parameters and the checksum. Command 0x02 (unit state
 * change) with data 0x02 resets the unit: its modem, connection and configuration start over.
 */

const SYSTEM_CODE = Buffer.from("MCGP", "latin1");
const STATUS = 0;
const ACK = 4;
const STATUS_BYTES = 70;
const ACK_BYTES = 28;
const DEG = 180 / Math.PI;

const checksum = (b: Buffer, end: number): number => {
  let sum = 0;
  for (let i = 4; i < end; i++) sum += b[i]!;
  return sum & 0xff;
};

/** The server's acknowledgement of message `numerator` of `unitId`, numbered `command` (the server's counter). */
export function cellocatorAck(unitId: number, numerator: number, command = 0): Buffer {
  const out = Buffer.alloc(ACK_BYTES);
  SYSTEM_CODE.copy(out, 0);
  out.writeUInt8(ACK, 4);
  out.writeUInt32LE(unitId >>> 0, 5);
  out.writeUInt8(command & 0xff, 9);
  out.writeUInt8(numerator & 0xff, 15);
  out.writeUInt8(checksum(out, ACK_BYTES - 1), ACK_BYTES - 1);
  return out;
}

/** One type-0 message → message with its acknowledgement (numbered `command`). Never throws. */
export function decodeCellocatorStatus(frame: Buffer, command = 0): DecodeResult<DecodedMessage> {
  return attempt(() => {
    if (frame.length !== STATUS_BYTES || !frame.subarray(0, 4).equals(SYSTEM_CODE) || frame[4] !== STATUS)
      throw new DecodeError("cellocator: not a status message");
    if (checksum(frame, STATUS_BYTES - 1) !== frame[STATUS_BYTES - 1])
      throw new DecodeError("cellocator: checksum mismatch");
    const unitId = frame.readUInt32LE(5);
    const numerator = frame.readUInt8(11);
    const lng = frame.readInt32LE(44) * 1e-8 * DEG;
    const lat = frame.readInt32LE(48) * 1e-8 * DEG;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
      throw new DecodeError("cellocator: coordinates out of range");
    const [sec, min, hour, day, month] = [62, 63, 64, 65, 66].map((i) => frame.readUInt8(i)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const year = frame.readUInt16LE(67);
    const ts = Date.UTC(year, month - 1, day, hour, min, sec);
    // Date.UTC rolls 31 February over: a date that does not exist is corrupt.
    if (month < 1 || month > 12 || new Date(ts).getUTCDate() !== day || hour > 23 || min > 59 || sec > 59)
      throw new DecodeError("cellocator: bad time");
    const mode = frame.readUInt8(41);
    const valid = mode >= 3 && mode <= 6;
    const message = emptyMessage("position", String(unitId));
    message.positions.push({
      ts,
      lat,
      lng,
      alt: frame.readInt32LE(52) / 100,
      spd: (frame.readUInt32LE(56) * 3.6) / 100,
      course: Math.round(frame.readUInt16LE(60) * 1e-3 * DEG) % 360,
      satt: frame.readUInt8(43),
      valid,
      src: valid ? 1 : 2,
      attributes: { reason: frame.readUInt8(18), index: numerator, mode },
    });
    message.ack = cellocatorAck(unitId, numerator, command);
    return message;
  });
}

/** One Cellocator connection: every message names its unit; a message of another unit ends it. */
export function createCellocatorSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  let command = 0;
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length === 0) return 0;
    const head = Math.min(buf.length, 4);
    if (!buf.subarray(0, head).equals(SYSTEM_CODE.subarray(0, head)))
      throw new DecodeError("cellocator: no system code");
    if (buf.length < 5) return 0;
    if (buf[4] !== STATUS) throw new DecodeError(`cellocator: message type ${buf[4]} not read`);
    if (buf.length < STATUS_BYTES) return 0;
    const res = decodeCellocatorStatus(buf.subarray(0, STATUS_BYTES), command);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (imei !== null && message.imei !== imei) throw new DecodeError("cellocator: message of another unit");
    imei = message.imei;
    out.messages.push(message);
    if (message.ack) {
      out.replies.push(message.ack);
      command = (command + 1) & 0xff;
    }
    return STATUS_BYTES;
  }
  return createFramedSession(step, Math.max(maxFrame, STATUS_BYTES), () => imei);
}

/** An acknowledgement as the unit reads it (simulator, tests): its unit id and the numerator acknowledged. */
export function readCellocatorAck(frame: Buffer): { unitId: number; numerator: number } | null {
  if (frame.length !== ACK_BYTES || !frame.subarray(0, 4).equals(SYSTEM_CODE) || frame[4] !== ACK)
    return null;
  if (checksum(frame, ACK_BYTES - 1) !== frame[ACK_BYTES - 1]) return null;
  return { unitId: frame.readUInt32LE(5), numerator: frame.readUInt8(15) };
}

const COMMAND_BYTES = 25;

export interface CellocatorCommand {
  /** The command code and its data field (0x02 and 0x02: reset). */
  code: number;
  data: number;
  /** The unit's authentication code, 0 for units that do not check one. */
  authentication?: number;
  /** The four parameter bytes of commands that take them (an emergency's count and interval). */
  parameters?: readonly number[];
}

/** A generic command (type 0 from the server) to `unitId`, numbered `numerator` (the server's counter). */
export function encodeCellocatorCommand(
  unitId: number,
  numerator: number,
  command: CellocatorCommand,
): Buffer {
  const out = Buffer.alloc(COMMAND_BYTES);
  SYSTEM_CODE.copy(out, 0);
  out.writeUInt8(STATUS, 4);
  out.writeUInt32LE(unitId >>> 0, 5);
  out.writeUInt8(numerator & 0xff, 9);
  out.writeUInt32LE((command.authentication ?? 0) >>> 0, 10);
  out.writeUInt8(command.code & 0xff, 14);
  out.writeUInt8(command.code & 0xff, 15);
  out.writeUInt8(command.data & 0xff, 16);
  out.writeUInt8(command.data & 0xff, 17);
  Buffer.from((command.parameters ?? []).slice(0, 4)).copy(out, 20);
  out.writeUInt8(checksum(out, COMMAND_BYTES - 1), COMMAND_BYTES - 1);
  return out;
}

/**
 * A generic command as the unit reads it (simulator, tests): unit id, numerator, command code and data; null when
 * the bytes are not one (a wrong size, type, checksum, or a repeated field that disagrees).
 */
export function readCellocatorCommand(
  frame: Buffer,
): { unitId: number; numerator: number; code: number; data: number } | null {
  if (frame.length !== COMMAND_BYTES || !frame.subarray(0, 4).equals(SYSTEM_CODE) || frame[4] !== STATUS)
    return null;
  if (checksum(frame, COMMAND_BYTES - 1) !== frame[COMMAND_BYTES - 1]) return null;
  if (frame[14] !== frame[15] || frame[16] !== frame[17]) return null;
  return { unitId: frame.readUInt32LE(5), numerator: frame[9]!, code: frame[14]!, data: frame[16]! };
}

// ---- Encoding (device side: simulator, tests) ----

/** A status/location message (type 0) of `unitId` with message numerator `numerator`. */
export function encodeCellocatorStatus(unitId: number, numerator: number, fix: EncodableFix): Buffer {
  const out = Buffer.alloc(STATUS_BYTES);
  SYSTEM_CODE.copy(out, 0);
  out.writeUInt8(STATUS, 4);
  out.writeUInt32LE(unitId >>> 0, 5);
  out.writeUInt8(numerator & 0xff, 11);
  out.writeUInt8(32, 18);
  out.writeUInt8(fix.ignition ? 0x20 : 0, 20);
  out.writeUInt8(fix.valid ? 4 : 0, 41);
  out.writeUInt8(2, 42);
  out.writeUInt8(Math.min(255, fix.satellites), 43);
  out.writeInt32LE(Math.round((fix.lng / DEG) * 1e8), 44);
  out.writeInt32LE(Math.round((fix.lat / DEG) * 1e8), 48);
  out.writeInt32LE(Math.round(fix.altitude * 100), 52);
  out.writeUInt32LE(Math.round((fix.speedKmh * 100) / 3.6), 56);
  out.writeUInt16LE(Math.round(((((fix.course % 360) + 360) % 360) / DEG) * 1000), 60);
  const t = new Date(fix.timeMs);
  out.writeUInt8(t.getUTCSeconds(), 62);
  out.writeUInt8(t.getUTCMinutes(), 63);
  out.writeUInt8(t.getUTCHours(), 64);
  out.writeUInt8(t.getUTCDate(), 65);
  out.writeUInt8(t.getUTCMonth() + 1, 66);
  out.writeUInt16LE(t.getUTCFullYear(), 67);
  out.writeUInt8(checksum(out, STATUS_BYTES - 1), STATUS_BYTES - 1);
  return out;
}
