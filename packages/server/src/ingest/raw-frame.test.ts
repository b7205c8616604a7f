import { describe, expect, it } from "vitest";
import { MAX_RAW_BYTES, rawFrameOf } from "./raw-frame.ts";

describe("rawFrameOf", () => {
  it.each([
    [
      "an OsmAnd request line is text",
      "GET /?id=1&note=a%00b",
      { format: "text", data: "GET /?id=1&note=a%00b" },
    ],
    ["text with newlines stays text", 'POST /\n{"a":1}', { format: "text", data: 'POST /\n{"a":1}' }],
    ["text with a NUL is hex", "a\u0000b", { format: "hex", data: "610062" }],
    ["text with a lone surrogate is hex", "x\ud83d", { format: "hex", data: "78efbfbd" }],
    ["a binary frame is hex", Buffer.from([0, 0, 0, 0, 0x0c]), { format: "hex", data: "000000000c" }],
    ["a JSON payload in bytes is text", Buffer.from('{"lat":1}'), { format: "text", data: '{"lat":1}' }],
    ["invalid UTF-8 bytes are hex", Buffer.from([0x61, 0xff]), { format: "hex", data: "61ff" }],
  ])("%s", (_name, raw, expected) => {
    expect(rawFrameOf(raw)).toEqual(expected);
  });

  it("caps the size, and a cut through a character keeps text text", () => {
    expect(rawFrameOf(Buffer.alloc(MAX_RAW_BYTES * 2)).data).toHaveLength(MAX_RAW_BYTES * 2);
    const text = `${"a".repeat(MAX_RAW_BYTES - 1)}ñ`;
    expect(rawFrameOf(text)).toEqual({ format: "text", data: "a".repeat(MAX_RAW_BYTES - 1) });
  });
});
