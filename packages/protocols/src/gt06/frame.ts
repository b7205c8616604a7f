import { crc16X25 } from "../shared/crc.ts";
import { DecodeError, Reader } from "../shared/reader.ts";

/**
 * GT06 / Concox framing (Concox "GPS Tracker Communication Protocol", GT06N/GT06F/GT06E), both directions:
 *   0x7878 | len u8  | protocol | content | serial u16 | CRC-16/X25 | 0x0D0A   (len = protocol..CRC)
 *   0x7979 | len u16 | protocol | content | serial u16 | CRC-16/X25 | 0x0D0A   (extended packets)
 * The CRC covers length..serial.
 */

export interface Gt06Packet {
  protocol: number;
  /** Bytes between the protocol number and the serial. */
  content: Buffer;
  serial: number;
  extended: boolean;
}

/** Frames a body (protocol + content + serial) with start bits, length, CRC-16/X25 and stop bits. */
export function gt06Frame(body: Uint8Array, extended = false): Buffer {
  const len = body.length + 2;
  const lenBytes = extended ? Buffer.from([len >> 8, len & 0xff]) : Buffer.from([len]);
  const crc = crc16X25(Buffer.concat([lenBytes, body]));
  return Buffer.concat([
    Buffer.from(extended ? [0x79, 0x79] : [0x78, 0x78]),
    lenBytes,
    body,
    Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a]),
  ]);
}

/** One packet: protocol number, content and the information serial number. */
export function encodeGt06Frame(
  protocol: number,
  content: Uint8Array,
  serial: number,
  extended = false,
): Buffer {
  const s = serial & 0xffff;
  return gt06Frame(
    Buffer.concat([Buffer.from([protocol]), content, Buffer.from([s >> 8, s & 0xff])]),
    extended,
  );
}

/** The server reply to login, status and alarm packets: same framing and protocol number, echoing the serial. */
export function gt06Ack(protocol: number, serial: number, extended = false): Buffer {
  return encodeGt06Frame(protocol, Buffer.alloc(0), serial, extended);
}

/** Size of the frame at the front of `buf` once its header has arrived, else null. Throws on bad start bits. */
export function gt06FrameSize(buf: Buffer): number | null {
  if (buf.length < 2) return null;
  const start = buf.readUInt16BE(0);
  if (start === 0x7878) return buf.length < 3 ? null : buf.readUInt8(2) + 5;
  if (start === 0x7979) return buf.length < 4 ? null : buf.readUInt16BE(2) + 6;
  throw new DecodeError("bad start bits");
}

/** Checks one complete frame (start bits through stop bits): length, stop bits and CRC. Throws DecodeError. */
export function readGt06Frame(frame: Buffer): Gt06Packet {
  const r = new Reader(frame);
  const start = r.u16();
  if (start !== 0x7878 && start !== 0x7979) throw new DecodeError("bad start bits");
  const extended = start === 0x7979;
  const len = extended ? r.u16() : r.u8();
  if (len < 5) throw new DecodeError(`length ${len} too small`);
  if (frame.length !== r.offset + len + 2) throw new DecodeError("length field does not match frame size");
  if (frame.readUInt16BE(frame.length - 2) !== 0x0d0a) throw new DecodeError("bad stop bits");
  const crc = crc16X25(frame, 2, frame.length - 4);
  if (frame.readUInt16BE(frame.length - 4) !== crc) throw new DecodeError("CRC mismatch");
  const protocol = r.u8();
  return { protocol, content: r.bytes(len - 5), serial: frame.readUInt16BE(frame.length - 6), extended };
}

/**
 * Splits a byte stream into packets, checking each frame. Used by the simulated device to read server replies and
 * by the simulator's test servers. Returns the packets and the unconsumed tail; throws on a corrupt frame.
 */
export function splitGt06Frames(buf: Buffer): { packets: Gt06Packet[]; rest: Buffer } {
  const packets: Gt06Packet[] = [];
  let o = 0;
  for (;;) {
    const size = gt06FrameSize(buf.subarray(o));
    if (size === null || buf.length - o < size) break;
    packets.push(readGt06Frame(buf.subarray(o, o + size)));
    o += size;
  }
  return { packets, rest: buf.subarray(o) };
}
