import { DecodeError } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import {
  DEFAULT_MAX_FRAME_BYTES,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";
import { decodeTeltonikaAvl, decodeTeltonikaImei } from "./codec.ts";
import { CODEC_12, decodeTeltonikaResponse } from "./commands.ts";

/** Framer for one Teltonika TCP connection: IMEI handshake, then AVL packets and Codec 12 responses. */
export function createTeltonikaSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;
  let identified = false;

  /** Returns the number of bytes consumed, 0 when more data is needed. */
  function step(buf: Buffer, out: StreamOutput): number {
    if (!identified) {
      if (buf.length < 2) return 0;
      const len = buf.readUInt16BE(0);
      if (len === 0 && options.allowAnonymous) {
        // A zero "IMEI length" is the start of an AVL preamble: the CLI may feed AVL data alone.
        identified = true;
        return step(buf, out);
      }
      if (len === 0 || len > 32) throw new DecodeError(`bad IMEI length ${len}`);
      if (buf.length < 2 + len) return 0;
      const res = decodeTeltonikaImei(buf.subarray(0, 2 + len));
      if (!res.ok) {
        out.replies.push(Buffer.from([0x00]));
        throw new DecodeError(res.error);
      }
      imei = res.value;
      identified = true;
      const login = emptyMessage("login", imei);
      login.ack = Buffer.from([0x01]);
      out.messages.push(login);
      out.replies.push(login.ack);
      return 2 + len;
    }
    // Check the preamble bytes that have arrived so garbage fails now, not after 8 bytes.
    for (let i = 0; i < Math.min(4, buf.length); i++) {
      if (buf.readUInt8(i) !== 0) throw new DecodeError("expected AVL preamble 0x00000000");
    }
    if (buf.length < 8) return 0;
    const total = 12 + buf.readUInt32BE(4);
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    if (total > 8 && buf.readUInt8(8) === CODEC_12) {
      // The device's answer to a Codec 12 command shares the AVL framing; it needs no ACK.
      const reply = decodeTeltonikaResponse(buf.subarray(0, total));
      if (!reply.ok) throw new DecodeError(reply.error);
      const message = emptyMessage("commandResult", imei);
      message.attributes.result = reply.value;
      out.messages.push(message);
      return total;
    }
    const res = decodeTeltonikaAvl(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    out.messages.push(res.value);
    if (res.value.ack) out.replies.push(res.value.ack);
    return total;
  }

  return createFramedSession(step, maxFrame, () => imei);
}
