import { DecodeError } from "./reader.ts";
import type { DecodedMessage, StreamOutput, StreamSession } from "./types.ts";

/**
 * Consumes at most one frame from the front of `buf`: returns the bytes used, 0 when more data
 * is needed, or throws when the stream is unusable. Steps never see more than one push's data.
 */
export type FrameStep = (buf: Buffer, out: StreamOutput) => number;

/** What a session holds between frames: one empty buffer for all of them (nothing can be written into it). */
const EMPTY: Buffer = Buffer.alloc(0);

/**
 * Shared accumulate/decode loop of the TCP sessions. Errors are sticky: once a stream is
 * corrupt there is no reliable way to find the next frame boundary, so the caller must close.
 */
export function createFramedSession(
  step: FrameStep,
  maxFrame: number,
  identity: () => string | null,
  /** Decodes a last frame whose end only the end of the stream shows (H02 binary); see `StreamSession.end`. */
  last?: FrameStep,
): StreamSession {
  let buf: Buffer = EMPTY;
  let failed: string | null = null;
  const session: StreamSession = {
    imei: identity,
    buffered() {
      return buf.length;
    },
    end() {
      const out: StreamOutput = { messages: [], replies: [], error: failed };
      if (failed || !last || buf.length === 0) return out;
      try {
        let framed = 0;
        for (
          let used = buf.length > 0 ? last(buf, out) : 0;
          used > 0;
          used = buf.length > 0 ? last(buf, out) : 0
        ) {
          for (; framed < out.messages.length; framed++) out.messages[framed]!.raw = buf.subarray(0, used);
          buf = buf.subarray(used);
        }
      } catch (e) {
        failed = out.error = e instanceof Error ? e.message : String(e);
        buf = EMPTY;
      }
      return out;
    },
    push(chunk) {
      const out: StreamOutput = { messages: [], replies: [], error: failed };
      if (failed) return out;
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      try {
        let framed = 0;
        for (let used = step(buf, out); used > 0; used = step(buf, out)) {
          // Each message keeps the bytes of the frame it came from (a view: no copy on the hot path).
          for (; framed < out.messages.length; framed++) out.messages[framed]!.raw = buf.subarray(0, used);
          buf = buf.subarray(used);
        }
        // Steps reject oversize headers, so this only trips on input that never forms a header.
        if (buf.length > maxFrame) throw new Error("buffer exceeds maximum frame size");
        // Copy the leftover partial frame: a view would pin the caller's whole chunk in memory
        // and would change under us if the caller reused its buffer.
        if (buf.length > 0) buf = Buffer.from(buf);
      } catch (e) {
        failed = out.error = e instanceof Error ? e.message : String(e);
        buf = EMPTY;
      }
      return out;
    },
  };
  return session;
}

/**
 * Keeps a decoded frame of a connection on which every frame names the one device it serves: the frame and its
 * answer go out, and the device it names is the connection's from now on; a frame naming another device ends the
 * stream (`foreign` says why). Returns the connection's device.
 */
export function keepFrameOfOneDevice(
  device: string | null,
  message: DecodedMessage,
  out: StreamOutput,
  foreign: string,
): string | null {
  if (device !== null && message.imei !== device) throw new DecodeError(foreign);
  out.messages.push(message);
  if (message.ack) out.replies.push(message.ack);
  return message.imei;
}
