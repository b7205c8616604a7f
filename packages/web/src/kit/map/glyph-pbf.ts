/**
 * The glyph range format MapLibre reads (the `glyphs` protobuf of fontnik / node-fontnik): one fontstack of
 * SDF bitmaps. Only the writer is here: the offline glyphs are drawn in the browser and handed to MapLibre in
 * this format (see local-glyphs.ts). Pure.
 */
export interface SdfGlyph {
  id: number;
  /** (width + 6) × (height + 6) distance values: MapLibre expects a 3-pixel border around each glyph. */
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

class Writer {
  readonly bytes: number[] = [];

  varint(value: number): void {
    let v = value >>> 0;
    while (v > 0x7f) {
      this.bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.bytes.push(v);
  }

  /** Zig-zag encoding of a signed 32-bit value (sint32). */
  svarint(value: number): void {
    this.varint((value << 1) ^ (value >> 31));
  }

  tag(field: number, wire: 0 | 2): void {
    this.varint((field << 3) | wire);
  }

  uint(field: number, value: number): void {
    this.tag(field, 0);
    this.varint(value);
  }

  sint(field: number, value: number): void {
    this.tag(field, 0);
    this.svarint(value);
  }

  raw(field: number, data: ArrayLike<number>): void {
    this.tag(field, 2);
    this.varint(data.length);
    for (let i = 0; i < data.length; i++) this.bytes.push(data[i] as number);
  }

  text(field: number, value: string): void {
    this.raw(field, new TextEncoder().encode(value));
  }
}

function glyphMessage(glyph: SdfGlyph): number[] {
  const w = new Writer();
  w.uint(1, glyph.id);
  if (glyph.bitmap.length > 0) w.raw(2, glyph.bitmap);
  w.uint(3, glyph.width);
  w.uint(4, glyph.height);
  w.sint(5, Math.round(glyph.left));
  w.sint(6, Math.round(glyph.top));
  w.uint(7, Math.round(glyph.advance));
  return w.bytes;
}

/** glyphs { stacks: [fontstack { name, range, glyphs }] } */
export function encodeGlyphRange(name: string, range: string, glyphs: SdfGlyph[]): Uint8Array {
  const stack = new Writer();
  stack.text(1, name);
  stack.text(2, range);
  for (const glyph of glyphs) stack.raw(3, glyphMessage(glyph));
  const root = new Writer();
  root.raw(1, stack.bytes);
  return Uint8Array.from(root.bytes);
}
