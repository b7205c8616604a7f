/**
 * Seeded randomness for the fuzz tests (not a test file itself): random and mutated buffers and random TCP chunking,
 * identical on every run so that a failure reproduces from its iteration number.
 */

/** mulberry32: tiny, fast, good enough to drive fuzzing deterministically. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzz {
  private readonly next: () => number;
  /** `maxFrame`: the sessions' frame limit, so random buffers cross it now and then. */
  constructor(
    private readonly maxFrame: number,
    seed: number,
  ) {
    this.next = mulberry32(seed);
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b.writeUInt8(this.int(256), i);
    return b;
  }
  /** Mostly short buffers, sometimes long ones. */
  randomBuffer(): Buffer {
    return this.bytes(this.int(8) === 0 ? this.int(3 * this.maxFrame) : this.int(300));
  }
  /** One of: bit flips, truncation, length-field corruption, huge length, byte insert/delete, garbage tail. */
  mutate(frame: Buffer, lengthOffsets: readonly number[]): Buffer {
    const b = Buffer.from(frame);
    if (b.length === 0) return b;
    switch (this.int(7)) {
      case 0:
        for (let i = this.int(4) + 1; i > 0; i--) {
          const at = this.int(b.length);
          b.writeUInt8(b.readUInt8(at) ^ (1 << this.int(8)), at);
        }
        return b;
      case 1:
        return b.subarray(0, this.int(b.length));
      case 2: {
        const at = this.pick(lengthOffsets);
        if (at < b.length) b.writeUInt8(this.int(256), at);
        return b;
      }
      case 3: {
        const at = this.pick(lengthOffsets);
        for (let i = at; i < Math.min(at + 4, b.length); i++) b.writeUInt8(0xff, i);
        return b;
      }
      case 4: {
        const at = this.int(b.length);
        return Buffer.concat([b.subarray(0, at), this.bytes(this.int(4) + 1), b.subarray(at)]);
      }
      case 5: {
        const at = this.int(b.length);
        return Buffer.concat([b.subarray(0, at), b.subarray(at + this.int(4) + 1)]);
      }
      default:
        return Buffer.concat([b, this.randomBuffer()]);
    }
  }
  /** Splits a buffer into random chunks, as TCP may deliver it. */
  chunks(buf: Buffer): Buffer[] {
    const out: Buffer[] = [];
    for (let at = 0; at < buf.length; ) {
      const n = Math.max(1, this.int(this.int(4) === 0 ? 3 : 200));
      out.push(buf.subarray(at, at + n));
      at += n;
    }
    return out;
  }
}
