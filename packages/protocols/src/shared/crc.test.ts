import { describe, expect, it } from "vitest";
import { crc16Ibm, crc16Kermit, crc16Modbus, crc16X25 } from "./crc.ts";

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
});
