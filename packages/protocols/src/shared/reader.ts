import type { DecodeResult } from "./types.ts";

/** Thrown inside decoders only; `attempt` turns it into a DecodeResult so no caller ever sees it. */
export class DecodeError extends Error {}

/**
 * Bounds-checked cursor, big-endian unless a read says `le`. Every read validates the remaining length first, so a
 * corrupt length field can make a decode fail but never read out of bounds or allocate.
 */
export class Reader {
  private pos = 0;

  constructor(private readonly buf: Buffer) {}

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private take(n: number): number {
    if (!Number.isInteger(n) || n < 0 || n > this.remaining) {
      throw new DecodeError(`truncated: need ${n} bytes at offset ${this.pos}, have ${this.remaining}`);
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }

  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }

  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }

  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }

  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }

  i32(): number {
    return this.buf.readInt32BE(this.take(4));
  }

  u64(): bigint {
    return this.buf.readBigUInt64BE(this.take(8));
  }

  /** Little-endian reads, for the protocols that use it (Meitrack CCC). */
  u16le(): number {
    return this.buf.readUInt16LE(this.take(2));
  }

  u32le(): number {
    return this.buf.readUInt32LE(this.take(4));
  }

  i32le(): number {
    return this.buf.readInt32LE(this.take(4));
  }

  i8(): number {
    return this.buf.readInt8(this.take(1));
  }

  i16le(): number {
    return this.buf.readInt16LE(this.take(2));
  }

  f32le(): number {
    return this.buf.readFloatLE(this.take(4));
  }

  /** Returns a view (no copy). */
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }

  skip(n: number): void {
    this.take(n);
  }
}

/** Runs a decoder body, converting any exception (ours or a Buffer RangeError) into an error result. */
export function attempt<T>(body: () => T): DecodeResult<T> {
  try {
    return { ok: true, value: body() };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Big integers from 8-byte IO values: exact number when safe, otherwise a decimal string. */
export function bigToValue(v: bigint): number | string {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}
