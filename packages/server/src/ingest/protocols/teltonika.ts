import { crc16Ibm } from "./crc.ts";
import { attempt, bigToValue, DecodeError, Reader } from "./reader.ts";
import { createFramedSession } from "./session.ts";
import { CODEC_12, decodeTeltonikaResponse } from "./teltonika-commands.ts";
import { mapTeltonikaIo } from "./teltonika-io.ts";
import {
  type AttributeValue,
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "./types.ts";

/**
 * Teltonika FMxxx over TCP ("Teltonika Data Sending Protocols" on wiki.teltonika-gps.com):
 *  1. the device sends its IMEI: uint16 length + ASCII digits; the server answers 0x01 (accept) or 0x00;
 *  2. then AVL packets: 0x00000000 preamble, uint32 data length, codec id, record count,
 *     records, record count again, uint32 whose low 16 bits are CRC-16/IBM over codec..count2.
 *     The server answers with the record count as uint32 big-endian.
 *  3. Codec 12 responses to the server's commands (see teltonika-commands.ts), unanswered.
 */

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;

/** Structure of a codec: width of IO ids/counts, and whether the record carries codec-16 generation type. */
interface CodecLayout {
  wide: boolean;
  generationType: boolean;
  nx: boolean;
}

const LAYOUTS: Record<number, CodecLayout> = {
  [CODEC_8]: { wide: false, generationType: false, nx: false },
  [CODEC_8E]: { wide: true, generationType: false, nx: true },
  // Codec 16 keeps 1-byte counts but uses 2-byte ids and adds a generation type byte.
  [CODEC_16]: { wide: false, generationType: true, nx: false },
};

/** IMEIs are 15 digits; 14-17 tolerates IMEI without check digit and IMEISV. */
const IMEI_RE = /^\d{14,17}$/;

/** Parses a complete IMEI handshake packet (2-byte length + ASCII). */
export function decodeTeltonikaImei(packet: Buffer): DecodeResult<string> {
  return attempt(() => {
    const r = new Reader(packet);
    const len = r.u16();
    const imei = r.bytes(len).toString("latin1");
    if (r.remaining !== 0) throw new DecodeError("trailing bytes after IMEI");
    if (!IMEI_RE.test(imei)) throw new DecodeError("IMEI is not 14-17 ASCII digits");
    return imei;
  });
}

function readIo(r: Reader, layout: CodecLayout, idWide: boolean): Map<number, AttributeValue> {
  const count = () => (layout.wide ? r.u16() : r.u8());
  const id = () => (idWide ? r.u16() : r.u8());
  const io = new Map<number, AttributeValue>();
  for (const size of [1, 2, 4, 8]) {
    const n = count();
    for (let i = 0; i < n; i++) {
      const key = id();
      io.set(key, size === 8 ? bigToValue(r.u64()) : r.bytes(size).readUIntBE(0, size));
    }
  }
  if (layout.nx) {
    // Variable-length elements (e.g. BLE sensor blobs): kept as hex, their meaning is model-specific.
    const n = r.u16();
    for (let i = 0; i < n; i++) {
      const key = r.u16();
      io.set(key, r.bytes(r.u16()).toString("hex").toUpperCase());
    }
  }
  return io;
}

function readRecord(r: Reader, layout: CodecLayout): DecodedPosition {
  const ts = Number(r.u64());
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const alt = r.i16();
  const angle = r.u16();
  const satt = r.u8();
  const spd = r.u16();
  const idWide = layout.wide || layout.generationType;
  const eventIo = idWide ? r.u16() : r.u8();
  const attributes: DecodedPosition["attributes"] = { priority };
  if (layout.generationType) attributes.generationType = r.u8();
  if (layout.wide) r.u16();
  else r.u8(); // total IO count: redundant with the per-size counts, which are authoritative
  if (eventIo !== 0) attributes.eventIo = eventIo;
  mapTeltonikaIo(eventIo, readIo(r, layout, idWide), attributes);
  // The device sends zeros when it has no fix; out-of-range values only come from corruption.
  const valid = satt > 0 && !(lat === 0 && lng === 0) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return { ts, lat, lng, alt, spd, course: angle % 360, satt, valid, src: valid ? 1 : 2, attributes };
}

/** The ACK for an accepted AVL packet: record count as uint32 big-endian. */
export function teltonikaAck(records: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(records);
  return ack;
}

/** Decodes one complete AVL packet (preamble through CRC). Bad CRC, unknown codec or count mismatch → error. */
export function decodeTeltonikaAvl(packet: Buffer, imei: string | null): DecodeResult<DecodedMessage> {
  return attempt(() => {
    const r = new Reader(packet);
    if (r.u32() !== 0) throw new DecodeError("missing 0x00000000 preamble");
    const len = r.u32();
    const data = r.bytes(len);
    const crcField = r.u32();
    if (r.remaining !== 0) throw new DecodeError("trailing bytes after CRC");
    const crc = crc16Ibm(data);
    if (crcField !== crc) throw new DecodeError(`CRC mismatch: got ${hex4(crcField)}, computed ${hex4(crc)}`);
    const d = new Reader(data);
    const codec = d.u8();
    const layout = LAYOUTS[codec];
    if (!layout) throw new DecodeError(`unsupported codec 0x${codec.toString(16)}`);
    const count = d.u8();
    const message = emptyMessage("position", imei);
    for (let i = 0; i < count; i++) message.positions.push(readRecord(d, layout));
    if (d.u8() !== count) throw new DecodeError("record counts differ");
    if (d.remaining !== 0) throw new DecodeError("trailing bytes in data field");
    message.attributes.codec = codec;
    message.ack = teltonikaAck(count);
    return message;
  });
}

const hex4 = (n: number) => `0x${n.toString(16).padStart(4, "0")}`;

/** Framer for one Teltonika TCP connection: IMEI handshake, then AVL packets. */
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
