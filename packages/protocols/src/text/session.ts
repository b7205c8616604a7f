import { DecodeError } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import {
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodeResult,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";

/**
 * Size of the frame at the front of `buf`: its length, 0 while more bytes are needed. Throws a DecodeError when
 * the bytes cannot start a frame (the stream is then closed, as with the binary protocols).
 */
export type TextFrameSize = (buf: Buffer) => number;

/** Decodes one whole frame; `imei` is the id the connection identified itself with, or null. */
export type TextFrameDecoder = (frame: Buffer, imei: string | null) => DecodeResult<DecodedMessage>;

export interface TextProtocol {
  frameSize: TextFrameSize;
  decode: TextFrameDecoder;
  /**
   * Only a `login` message identifies the connection (Wialon). When false every frame names its device, the
   * first one identifies the connection and a frame naming another device is an error.
   */
  loginOnly: boolean;
  /** Size of a frame that ends where the stream ends (H02 binary), for `StreamSession.end`. */
  lastFrameSize?: TextFrameSize;
}

/** Bytes devices put between frames (line ends, padding): skipped, never an error. */
const isFiller = (b: number): boolean => b === 0x0d || b === 0x0a || b === 0x20 || b === 0x00;

/**
 * The framer every text protocol shares (H02, GPS103, TK103, watch, Wialon), on `createFramedSession`: skips
 * filler between frames, finds one frame with the protocol's `frameSize`, decodes it and queues its answer.
 * Frames without a length field are bounded by `maxFrameBytes` like the binary ones: a frame whose end does not
 * come within the limit ends the session.
 */
export function createTextSession(protocol: TextProtocol, options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;

  function step(buf: Buffer, out: StreamOutput, size = protocol.frameSize): number {
    let skip = 0;
    while (skip < buf.length && isFiller(buf.readUInt8(skip))) skip++;
    if (skip > 0) return skip;
    if (buf.length === 0) return 0;
    const total = size(buf);
    if (total === 0) return 0;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    const res = protocol.decode(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (protocol.loginOnly) {
      if (message.kind === "login") imei = message.imei;
      else if (imei === null && !options.allowAnonymous) throw new DecodeError("data before login");
    } else if (message.imei !== null) {
      if (imei !== null && message.imei !== imei) throw new DecodeError("frame of another device");
      imei = message.imei;
    }
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }

  const last = protocol.lastFrameSize;
  return createFramedSession(
    step,
    maxFrame,
    () => imei,
    last ? (buf, out) => step(buf, out, last) : undefined,
  );
}

/**
 * Frame size for protocols delimited by a start byte and an end marker: the frame must start with `start`
 * and ends after the first `end`. Anything else at the front is garbage.
 */
export function delimitedFrameSize(buf: Buffer, start: string, end: string): number {
  const head = Math.min(start.length, buf.length);
  if (buf.toString("latin1", 0, head) !== start.slice(0, head))
    throw new DecodeError(`frame does not start with ${JSON.stringify(start)}`);
  const at = buf.indexOf(end, start.length, "latin1");
  return at < 0 ? 0 : at + end.length;
}
