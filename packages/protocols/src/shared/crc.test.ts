import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc8Egts, crc16CcittFalse, crc16Ibm, crc16Kermit, crc16Modbus, crc16X25 } from "./crc.ts";

describe("CRC-16", () => {
  const check = Buffer.from("123456789", "ascii");
  it("CRC-16/IBM (ARC) check value", () => {
    expect(crc16Ibm(check)).toBe(0xbb3d);
  });
  it("CRC-16/X-25 check value", () => {
    expect(crc16X25(check)).toBe(0x906e);
  });
  it("CRC-16/KERMIT and CRC-16/MODBUS check values", () => {
    expect(crc16Kermit(check)).toBe(0x2189);
    expect(crc16Modbus(check)).toBe(0x4b37);
  });
  it("CRC-16/KERMIT gives the Ruptela acknowledgement's CRC (00 02 64 01 13 BC)", () => {
    expect(crc16Kermit(Buffer.from([0x64, 0x01]))).toBe(0x13bc);
  });
  it("empty input gives the initial values", () => {
    expect(crc16Ibm(Buffer.alloc(0))).toBe(0);
    expect(crc16X25(Buffer.alloc(0))).toBe(0);
  });
  it("matches the Concox login example (78 78 0D 01 ... 8C DD 0D 0A)", () => {
    expect(crc16X25(Buffer.from("0D01012345678901234500 01".replace(/ /g, ""), "hex"))).toBe(0x8cdd);
  });
  it("property: the table-driven variants give what the bit-by-bit definition gives, on any span", () => {
    /** The definition: for each byte, xor it in and shift eight times, xoring the reflected polynomial on a 1. */
    const bitwise = (poly: number, init: number, data: Uint8Array, start: number, end: number) => {
      let crc = init;
      for (let i = start; i < end; i++) {
        crc ^= data[i] ?? 0;
        for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
      }
      return crc;
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (data, a, b) => {
        const start = data.length === 0 ? 0 : a % data.length;
        const end = start + (data.length === 0 ? 0 : b % (data.length - start + 1));
        expect(crc16Ibm(data, start, end)).toBe(bitwise(0xa001, 0, data, start, end));
        expect(crc16Modbus(data, start, end)).toBe(bitwise(0xa001, 0xffff, data, start, end));
        expect(crc16Kermit(data, start, end)).toBe(bitwise(0x8408, 0, data, start, end));
        expect(crc16X25(data, start, end)).toBe(~bitwise(0x8408, 0xffff, data, start, end) & 0xffff);
      }),
    );
  });
  it("CRC-16/CCITT-FALSE and the EGTS CRC-8 (poly 0x31, init 0xFF) check values", () => {
    expect(crc16CcittFalse(check)).toBe(0x29b1);
    expect(crc8Egts(check)).toBe(0xf7);
  });
  it("property: the table-driven EGTS CRCs give what the bit-by-bit definition gives, on any span", () => {
    /** The definition, not reflected: xor the byte into the top, shift eight times, xoring the polynomial on a 1. */
    const bitwise = (
      bits: 8 | 16,
      poly: number,
      init: number,
      data: Uint8Array,
      start: number,
      end: number,
    ) => {
      const top = 1 << (bits - 1);
      const mask = (1 << bits) - 1;
      let crc = init;
      for (let i = start; i < end; i++) {
        crc ^= (data[i] ?? 0) << (bits - 8);
        for (let b = 0; b < 8; b++) crc = crc & top ? ((crc << 1) ^ poly) & mask : (crc << 1) & mask;
      }
      return crc;
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (data, a, b) => {
        const start = data.length === 0 ? 0 : a % data.length;
        const end = start + (data.length === 0 ? 0 : b % (data.length - start + 1));
        expect(crc16CcittFalse(data, start, end)).toBe(bitwise(16, 0x1021, 0xffff, data, start, end));
        expect(crc8Egts(data, start, end)).toBe(bitwise(8, 0x31, 0xff, data, start, end));
      }),
    );
  });
});
