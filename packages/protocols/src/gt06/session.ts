import { DecodeError } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import {
  DEFAULT_MAX_FRAME_BYTES,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";
import { decodeGt06Frame } from "./codec.ts";
import { gt06FrameSize } from "./frame.ts";

/** Framer for one GT06 connection. Data before the login packet is refused unless allowAnonymous. */
export function createGt06Session(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let imei: string | null = null;

  function step(buf: Buffer, out: StreamOutput): number {
    const total = gt06FrameSize(buf);
    if (total === null) return 0;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeGt06Frame(buf.subarray(0, total), imei);
    if (!res.ok) throw new DecodeError(res.error);
    const message = res.value;
    if (message.kind === "login") imei = message.imei;
    else if (imei === null && !options.allowAnonymous) throw new DecodeError("data before login");
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }

  return createFramedSession(step, maxFrame, () => imei);
}
