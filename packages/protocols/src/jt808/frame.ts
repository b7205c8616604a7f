import { DecodeError } from "../shared/reader.ts";

/**
 * JT/T 808 framing (the Chinese national standard for vehicle terminals, 2013 and 2019 editions), both directions:
 *   7E <header> <body> <check code> 7E
 * Between the flags 0x7E is written 7D 02 and 0x7D is written 7D 01. The check code is the XOR of every header and
 * body byte. Header, big-endian: message id u16, body properties u16 (bits 0-9 body length, 10-12 encryption,
 * 13 sub-packaged, 14 the 2019 edition), [2019: protocol version u8], terminal phone number as BCD (6 bytes, 12
 * digits; 10 bytes, 20 digits in 2019), message serial u16, [sub-packaged: total u16, index u16].
 */

export const FLAG = 0x7e;
const ESCAPE = 0x7d;

/** The bytes between two flags with the escapes undone; throws on an escape that is not 7D 01 or 7D 02. */
export function unescapeFrame(inner: Buffer): Buffer {
  if (!inner.includes(ESCAPE)) return inner;
  const out = Buffer.alloc(inner.length);
  let n = 0;
  for (let i = 0; i < inner.length; i++) {
    const b = inner[i]!;
    if (b !== ESCAPE) out[n++] = b;
    else {
      const next = inner[++i];
      if (next !== 0x01 && next !== 0x02) throw new DecodeError("bad escape");
      out[n++] = next === 0x01 ? ESCAPE : FLAG;
    }
  }
  return out.subarray(0, n);
}

/** Header and body with their check code, escaped and between flags: a frame as it goes on the wire. */
export function escapeFrame(content: Buffer): Buffer {
  let check = 0;
  let escapes = 0;
  for (const b of content) {
    check ^= b;
    if (b === FLAG || b === ESCAPE) escapes++;
  }
  if (check === FLAG || check === ESCAPE) escapes++;
  // Sized once and written in place: every answer the server sends goes through here.
  const out = Buffer.alloc(content.length + 1 + escapes + 2);
  out[0] = FLAG;
  let n = 1;
  for (const b of content) n = putEscaped(out, n, b);
  n = putEscaped(out, n, check);
  out[n] = FLAG;
  return out;
}

/** Writes one byte at `n`, escaped; returns where the next goes. */
function putEscaped(out: Buffer, n: number, b: number): number {
  if (b === FLAG || b === ESCAPE) {
    out[n] = ESCAPE;
    out[n + 1] = b === FLAG ? 0x02 : 0x01;
    return n + 2;
  }
  out[n] = b;
  return n + 1;
}

export interface Jt808Header {
  id: number;
  /** The terminal phone number's digits as written (12, or 20 in 2019). */
  phone: string;
  serial: number;
  /** The 2019 edition's protocol version, or null for 2013. */
  version: number | null;
  /** Sub-packaged messages: how many parts and which this is (1-based). */
  packet: { total: number; index: number } | null;
}

/** A frame's content (unescaped, without the flags) → header and body; checks the check code and the length. */
export function readJt808(content: Buffer): { header: Jt808Header; body: Buffer } {
  if (content.length < 13) throw new DecodeError("frame too short");
  let check = 0;
  for (let i = 0; i < content.length - 1; i++) check ^= content[i]!;
  if (check !== content[content.length - 1]) throw new DecodeError("check code mismatch");
  const id = content.readUInt16BE(0);
  const props = content.readUInt16BE(2);
  const v2019 = (props & 0x4000) !== 0;
  if ((props & 0x1c00) !== 0) throw new DecodeError("encrypted body");
  let at = 4;
  const version = v2019 ? content.readUInt8(at++) : null;
  const phoneBytes = v2019 ? 10 : 6;
  if (content.length < at + phoneBytes + 3) throw new DecodeError("frame too short");
  const phone = content.toString("hex", at, at + phoneBytes);
  if (!/^\d+$/.test(phone)) throw new DecodeError("bad phone number");
  at += phoneBytes;
  const serial = content.readUInt16BE(at);
  at += 2;
  let packet: Jt808Header["packet"] = null;
  if ((props & 0x2000) !== 0) {
    if (content.length < at + 5) throw new DecodeError("frame too short");
    packet = { total: content.readUInt16BE(at), index: content.readUInt16BE(at + 2) };
    at += 4;
  }
  const length = props & 0x3ff;
  if (content.length - 1 - at !== length) throw new DecodeError("body length mismatch");
  return { header: { id, phone, serial, version, packet }, body: content.subarray(at, at + length) };
}

/**
 * A message's content: header for `phone` (its edition kept) and body, ready for `escapeFrame`; `packet` makes it
 * a part of a sub-packaged message.
 */
export function writeJt808(
  id: number,
  phone: string,
  version: number | null,
  serial: number,
  body: Buffer,
  packet: Jt808Header["packet"] = null,
): Buffer {
  // A terminal number is 12 BCD digits (20 in 2019): a longer identifier (an IMEI) keeps its last digits, as the
  // terminals that derive their number from it do.
  const digits = version === null ? 12 : 20;
  const phoneBytes = Buffer.from(phone.padStart(digits, "0").slice(-digits), "hex");
  const headBytes = version === null ? 4 : 5;
  const tailBytes = packet === null ? 2 : 6;
  // One buffer written in place (every answer the server sends is built here).
  const out = Buffer.alloc(headBytes + phoneBytes.length + tailBytes + body.length);
  out.writeUInt16BE(id, 0);
  out.writeUInt16BE(
    (body.length & 0x3ff) | (version === null ? 0 : 0x4000) | (packet === null ? 0 : 0x2000),
    2,
  );
  if (version !== null) out.writeUInt8(version, 4);
  out.set(phoneBytes, headBytes);
  let at = headBytes + phoneBytes.length;
  out.writeUInt16BE(serial & 0xffff, at);
  if (packet !== null) {
    out.writeUInt16BE(packet.total, at + 2);
    out.writeUInt16BE(packet.index, at + 4);
  }
  at += tailBytes;
  out.set(body, at);
  return out;
}
