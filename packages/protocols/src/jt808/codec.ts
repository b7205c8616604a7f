import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
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
import { escapeFrame, FLAG, type Jt808Header, readJt808, unescapeFrame, writeJt808 } from "./frame.ts";
import { encodeJt808LocationBlock, readJt808Location } from "./location.ts";
import { Jt808Parts } from "./parts.ts";

/**
 * JT/T 808 messages (framing in `frame.ts`, location in `location.ts`). The terminal phone number in every header
 * names the device. What the server answers, each with its own serial:
 *   0x0100 register → 0x8100 (the message's serial, result 0, an authentication code: the phone number)
 *   0x0102 authenticate, 0x0002 heartbeat, 0x0003 log-out, 0x0200 location, 0x0704 batch of locations (type 1 =
 *   blind-area records sent from memory: `archive`) → 0x8001 general response (serial, message id, result 0)
 *   0x0001 the terminal's general response to a server message → `commandResult`, not answered
 * Server commands (`encodeJt808Command`): terminal control 0x8105 and text message 0x8300.
 * Any other message, and a part of a sub-packaged one, is kept whole as `undecoded` (its bytes quarantined, then
 * answered 0x8001), so that what the device deletes after the answer can be decoded later. The session also holds
 * the parts (`parts.ts`): the last part of a message whose parts all came on the connection is read as the whole
 * message (its positions stored, then the part answered); the earlier parts stay quarantined as they were.
 */

const MSG = {
  terminalResponse: 0x0001,
  terminalControl: 0x8105,
  textMessage: 0x8300,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  authenticate: 0x0102,
  location: 0x0200,
  batch: 0x0704,
  serverResponse: 0x8001,
  registerResponse: 0x8100,
} as const;
/** The terminal's messages this decoder reads; any other is kept whole as undecoded. */
const TERMINAL_MESSAGES = new Set<number>([
  MSG.terminalResponse,
  MSG.heartbeat,
  MSG.logout,
  MSG.register,
  MSG.authenticate,
  MSG.location,
  MSG.batch,
]);
/** A frame is at most the header, 1023 body bytes and the check code, every byte escaped, and the flags. */
const MAX_FRAME = 2 + 2 * (17 + 4 + 1023 + 1);

const hexId = (id: number): string => `0x${id.toString(16).padStart(4, "0")}`;

/** The device id: the phone number's digits, the 2019 edition's zero padding above 12 digits dropped. */
export const jt808DeviceId = (phone: string): string => phone.replace(/^0+(?=\d{12})/, "");

/** The server's 0x8001 general response to a message: its serial, its id, result 0 (success). */
function generalResponse(header: Jt808Header, serial: number): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(header.serial, 0);
  body.writeUInt16BE(header.id, 2);
  return escapeFrame(writeJt808(MSG.serverResponse, header.phone, header.version, serial, body));
}

/** The 0x8100 answer to a registration: its serial, result 0 and the authentication code the device keeps. */
function registerResponse(header: Jt808Header, serial: number): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(header.serial, 0);
  const body = Buffer.concat([head, Buffer.from(jt808DeviceId(header.phone), "latin1")]);
  return escapeFrame(writeJt808(MSG.registerResponse, header.phone, header.version, serial, body));
}

function batch(body: Buffer, message: DecodedMessage): void {
  const r = new Reader(body);
  const count = r.u16();
  const archive = r.u8() === 1;
  for (let i = 0; i < count; i++) message.positions.push(readJt808Location(r.bytes(r.u16()), archive));
  if (r.remaining !== 0) throw new DecodeError("batch longer than its locations");
}

/** A whole message (header and body, not a part) → message with its answer; throws on a body it cannot read. */
function decodeMessage(header: Jt808Header, body: Buffer, serial: number): DecodedMessage {
  const id = jt808DeviceId(header.phone);
  if (header.id === MSG.terminalResponse) {
    const message = emptyMessage("commandResult", id);
    const r = new Reader(body);
    const [answered, to, result] = [r.u16(), r.u16(), r.u8()];
    const text = ["success", "failure", "wrong message", "not supported"][result] ?? `result ${result}`;
    message.attributes = { result: deviceText(`${hexId(to)} #${answered}: ${text}`, MAX_COMMAND_RESULT) };
    return message;
  }
  if (header.id === MSG.register || header.id === MSG.authenticate) {
    const message = emptyMessage("login", id);
    message.attributes = { version: header.version === null ? "2013" : "2019" };
    message.ack =
      header.id === MSG.register ? registerResponse(header, serial) : generalResponse(header, serial);
    return message;
  }
  if (header.id === MSG.heartbeat || header.id === MSG.logout) {
    const message = emptyMessage("heartbeat", id);
    message.ack = generalResponse(header, serial);
    return message;
  }
  const message = emptyMessage("position", id);
  if (header.id === MSG.location) message.positions.push(readJt808Location(body, false));
  else batch(body, message);
  if (message.positions.some((p) => p.attributes.event !== undefined)) message.kind = "alarm";
  message.ack = generalResponse(header, serial);
  return message;
}

/**
 * One frame (flags included) → message with its answer; `serial` numbers the answer (the session counts them).
 * A part of a sub-packaged message is kept whole as `undecoded` here (the session puts the parts together).
 * Never throws.
 */
export function decodeJt808Frame(frame: Buffer, serial = 0): DecodeResult<DecodedMessage> {
  return attempt(() => {
    const { header, body } = readJt808Content(frame);
    if (header.packet !== null || !TERMINAL_MESSAGES.has(header.id)) {
      const message = emptyMessage("unknown", jt808DeviceId(header.phone));
      message.attributes = { type: header.id };
      message.undecoded = {
        offset: 0,
        reason: header.packet
          ? `jt808: part ${header.packet.index} of ${header.packet.total} of message ${hexId(header.id)} not reassembled`
          : `jt808: message ${hexId(header.id)} not decoded`,
      };
      message.ack = generalResponse(header, serial);
      return message;
    }
    return decodeMessage(header, body, serial);
  });
}

/**
 * A part of a sub-packaged message (already answered and kept as undecoded by `decodeJt808Frame`) added to the
 * connection's `parts`: the last one to come gives the whole message, decoded, answered like the part it ends;
 * null while parts are missing, or when the whole cannot be read (the parts stay undecoded).
 */
function wholeMessage(frame: Buffer, parts: Jt808Parts, serial: number): DecodedMessage | null {
  const { header, body } = readJt808Content(frame);
  if (header.packet === null || !TERMINAL_MESSAGES.has(header.id)) return null;
  const whole = parts.add(header.id, header.packet, body);
  if (whole === null) return null;
  const res = attempt(() => decodeMessage({ ...header, packet: null }, whole, serial));
  return res.ok ? res.value : null;
}

/** A frame's header and body, its flags, escapes and check code verified. */
function readJt808Content(frame: Buffer): { header: Jt808Header; body: Buffer } {
  if (frame.length < 2 || frame[0] !== FLAG || frame[frame.length - 1] !== FLAG)
    throw new DecodeError("frame not between 0x7E flags");
  return readJt808(unescapeFrame(frame.subarray(1, frame.length - 1)));
}

/** Size of the frame at the front of `buf` (flags included), 0 while its closing flag has not come. */
function frameSize(buf: Buffer, maxFrame: number): number {
  if (buf[0] !== FLAG) throw new DecodeError("frame does not start with 0x7E");
  const end = buf.indexOf(FLAG, 1);
  if (end < 0) {
    if (buf.length > maxFrame) throw new DecodeError(`frame longer than ${maxFrame} bytes`);
    return 0;
  }
  return end + 1;
}

/** One JT/T 808 connection: every frame names its device; a frame of another device ends it. */
export function createJt808Session(options: SessionOptions = {}): StreamSession {
  const maxFrame = Math.min(options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES, MAX_FRAME);
  let imei: string | null = null;
  let serial = 0;
  const parts = new Jt808Parts();
  function step(buf: Buffer, out: StreamOutput): number {
    if (buf.length === 0) return 0;
    // Two flags back to back: the first closed nothing (some terminals send one before each frame).
    if (buf.length >= 2 && buf[0] === FLAG && buf[1] === FLAG) return 1;
    const total = frameSize(buf, maxFrame);
    if (total === 0) return 0;
    const res = decodeJt808Frame(buf.subarray(0, total), serial);
    if (!res.ok) throw new DecodeError(res.error);
    // The last part of a sub-packaged message stands for the whole message; the others stay undecoded parts.
    const message = (res.value.undecoded && wholeMessage(buf.subarray(0, total), parts, serial)) || res.value;
    if (imei !== null && message.imei !== imei) throw new DecodeError("frame of another device");
    imei = message.imei;
    out.messages.push(message);
    if (message.ack) {
      out.replies.push(message.ack);
      serial = (serial + 1) & 0xffff;
    }
    return total;
  }
  return createFramedSession(step, maxFrame, () => imei);
}

/** Text message flag: shown on the terminal's display. */
const TEXT_TO_DISPLAY = 0x04;

/**
 * A server command to the terminal `phone`: `8105:<word>` is terminal control with that command word (4 resets the
 * terminal), any other text a text message (0x8300) for its display. Both are answered with 0x0001.
 */
export function encodeJt808Command(phone: string, serial: number, text: string): Buffer {
  const control = /^8105:(\d)$/.exec(text);
  if (control) return jt808Frame(MSG.terminalControl, phone, serial, Buffer.from([Number(control[1])]));
  return jt808Frame(
    MSG.textMessage,
    phone,
    serial,
    Buffer.concat([Buffer.from([TEXT_TO_DISPLAY]), Buffer.from(text, "latin1")]),
  );
}

/**
 * A server frame as the terminal reads it (simulator, tests): message id, serial and body; null when it is not a
 * JT/T 808 frame.
 */
export function readJt808ServerFrame(frame: Buffer): { id: number; serial: number; body: Buffer } | null {
  try {
    if (frame.length < 2 || frame[0] !== FLAG || frame[frame.length - 1] !== FLAG) return null;
    const { header, body } = readJt808(unescapeFrame(frame.subarray(1, frame.length - 1)));
    return { id: header.id, serial: header.serial, body };
  } catch {
    return null;
  }
}

/** The terminal's general response (0x0001) to a server message: its serial and id, result 0 (success). */
export function encodeJt808Answer(phone: string, serial: number, to: { id: number; serial: number }): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(to.serial, 0);
  body.writeUInt16BE(to.id, 2);
  return jt808Frame(MSG.terminalResponse, phone, serial, body);
}

// ---- Encoding (device side: simulator, tests) ----

/** A terminal's message, framed: header for the 12-digit phone number (2013 edition), body, check code. */
export const jt808Frame = (id: number, phone: string, serial: number, body: Buffer): Buffer =>
  escapeFrame(writeJt808(id, phone, null, serial, body));

/** Registration (0x0100): province, city, maker, model, terminal id, plate colour 0 and the plate. */
export function encodeJt808Register(phone: string, serial: number, plate = ""): Buffer {
  const body = Buffer.alloc(37);
  Buffer.from("VIGIA", "latin1").copy(body, 4);
  Buffer.from("SIM", "latin1").copy(body, 9);
  Buffer.from(phone.slice(-7), "latin1").copy(body, 29);
  return jt808Frame(MSG.register, phone, serial, Buffer.concat([body, Buffer.from(plate, "latin1")]));
}
export const encodeJt808Authenticate = (phone: string, serial: number, code: string): Buffer =>
  jt808Frame(MSG.authenticate, phone, serial, Buffer.from(code, "latin1"));
export const encodeJt808Heartbeat = (phone: string, serial: number): Buffer =>
  jt808Frame(MSG.heartbeat, phone, serial, Buffer.alloc(0));
/**
 * A message sent as parts (sub-packaged) of at most `partBytes` body bytes each, numbered from `serial` on, as
 * terminals send a batch too long for one frame.
 */
export function encodeJt808Parts(
  id: number,
  phone: string,
  serial: number,
  body: Buffer,
  partBytes: number,
): Buffer[] {
  const total = Math.max(1, Math.ceil(body.length / partBytes));
  return Array.from({ length: total }, (_, i) =>
    escapeFrame(
      writeJt808(id, phone, null, serial + i, body.subarray(i * partBytes, (i + 1) * partBytes), {
        total,
        index: i + 1,
      }),
    ),
  );
}
/** A location (0x0200) with its alarm word (0 none; bit 0 emergency…). */
export const encodeJt808Location = (phone: string, serial: number, fix: EncodableFix, alarm = 0): Buffer =>
  jt808Frame(MSG.location, phone, serial, encodeJt808LocationBlock(fix, alarm));
/** A batch (0x0704) of locations; `stored` marks them blind-area records sent from memory. */
export function encodeJt808Batch(
  phone: string,
  serial: number,
  fixes: EncodableFix[],
  stored: boolean,
): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(fixes.length, 0);
  head.writeUInt8(stored ? 1 : 0, 2);
  const items = fixes.map((fix) => {
    const block = encodeJt808LocationBlock(fix);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(block.length);
    return Buffer.concat([length, block]);
  });
  return jt808Frame(MSG.batch, phone, serial, Buffer.concat([head, ...items]));
}
