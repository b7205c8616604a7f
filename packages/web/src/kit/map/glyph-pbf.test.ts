import { describe, expect, it } from "vitest";
import { encodeGlyphRange } from "./glyph-pbf.ts";

describe("encodeGlyphRange", () => {
  it("writes one fontstack with its glyph as the fontnik protobuf", () => {
    const bytes = encodeGlyphRange("A", "0-255", [
      { id: 65, bitmap: Uint8Array.from([7, 9]), width: 1, height: 2, left: -1, top: -300, advance: 14 },
    ]);
    // glyph: id 65, bitmap [7, 9], width 1, height 2, left zig-zag(-1) = 1, top zig-zag(-300) = 599, advance 14
    const glyph = [8, 65, 18, 2, 7, 9, 24, 1, 32, 2, 40, 1, 48, 0xd7, 0x04, 56, 14];
    const stack = [
      10,
      1,
      65,
      18,
      5,
      ..."0-255".split("").map((c) => c.charCodeAt(0)),
      26,
      glyph.length,
      ...glyph,
    ];
    expect([...bytes]).toEqual([10, stack.length, ...stack]);
  });

  it.each([
    ["an empty range", []],
    [
      "a space (no bitmap)",
      [{ id: 32, bitmap: new Uint8Array(), width: 0, height: 0, left: 0, top: 0, advance: 6 }],
    ],
  ])("%s still gives a fontstack", (_name, glyphs) => {
    const bytes = encodeGlyphRange("S", "0-255", glyphs);
    expect(bytes[0]).toBe(10);
    expect(bytes[1]).toBe(bytes.length - 2);
  });
});
