import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bcdByte, bcdTime } from "./bcd.ts";

describe("BCD", () => {
  it.each([
    [0x00, 0],
    [0x09, 9],
    [0x10, 10],
    [0x59, 59],
    [0x99, 99],
    [0x0a, -1],
    [0xa0, -1],
    [0xff, -1],
  ])("byte 0x%s reads as %i", (byte, value) => {
    expect(bcdByte(byte)).toBe(value);
  });
  it("property: a byte reads as its hex text when that text is two digits, else -1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (byte) => {
        const text = byte.toString(16).padStart(2, "0");
        expect(bcdByte(byte)).toBe(/^\d\d$/.test(text) ? Number(text) : -1);
      }),
    );
  });
  it("reads six bytes from an offset as yy mm dd hh mi ss", () => {
    expect(bcdTime(Buffer.from("ff240301120507", "hex"), 1)).toEqual([24, 3, 1, 12, 5, 7]);
  });
  it("gives null for a nibble that is not a digit or bytes that are not all there", () => {
    expect(bcdTime(Buffer.from("2403011205a7", "hex"))).toBeNull();
    expect(bcdTime(Buffer.from("2403011205", "hex"))).toBeNull();
    expect(bcdTime(Buffer.from("240301120507", "hex"), 1)).toBeNull();
  });
});
