import { describe, expect, it } from "vitest";
import { crc16Ibm } from "../shared/crc.ts";
import { atrackAck, createAtrackSession, decodeAtrackPacket, encodeAtrackPacket } from "./codec.ts";

const IMEI = "352964052096642";
const fix = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: -33.4489,
  lng: -70.6693,
  altitude: 0,
  speedKmh: 72,
  course: 291,
  satellites: 9,
  valid: true,
  ignition: true,
};

describe("ATrack binary", () => {
  it("reads back what the encoder wrote, and answers FE 02 with the unit id and the sequence", () => {
    const res = decodeAtrackPacket(encodeAtrackPacket(IMEI, 0x1234, [{ ...fix, odometerM: 12_300 }]));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.imei).toBe(IMEI);
    expect(res.value.positions[0]).toMatchObject({ ts: fix.timeMs, spd: 72, course: 291, valid: true });
    expect(res.value.positions[0]?.lat).toBeCloseTo(fix.lat, 6);
    expect(res.value.positions[0]?.lng).toBeCloseTo(fix.lng, 6);
    expect(res.value.positions[0]?.attributes).toMatchObject({ odometer: 12_300, input: 1 });
    expect(res.value.ack?.toString("hex")).toBe("fe0200014104d8f196821234");
  });

  it("refuses a wrong CRC and a length that disagrees with the packet", () => {
    const good = encodeAtrackPacket(IMEI, 1, [fix]);
    const badCrc = Buffer.from(good);
    badCrc[30] = badCrc[30]! ^ 1;
    expect(decodeAtrackPacket(badCrc)).toEqual({ ok: false, error: "atrack: CRC mismatch" });
    const badLength = Buffer.concat([good, Buffer.from([0])]);
    expect(decodeAtrackPacket(badLength)).toEqual({ ok: false, error: "atrack: length mismatch" });
  });

  it("keeps a packet with custom information whole as undecoded, still answered", () => {
    const plain = encodeAtrackPacket(IMEI, 5, [fix]);
    const custom = Buffer.concat([plain, Buffer.from("%CI%MV\0", "latin1"), Buffer.from([0, 0x7f])]);
    custom.writeUInt16BE(custom.length - 6, 4);
    custom.writeUInt16BE(crc16Ibm(custom, 4), 2);
    const res = decodeAtrackPacket(custom);
    expect(res.ok && res.value.undecoded).toEqual({
      offset: 16,
      reason: `atrack: custom information at offset ${plain.length}`,
    });
    expect(res.ok && res.value.positions).toEqual([]);
    expect(res.ok && res.value.ack?.toString("hex")).toBe(
      atrackAck(custom.subarray(8, 16), 5).toString("hex"),
    );
  });

  it("answers the keep-alive with itself, takes packets split anywhere and refuses another unit", () => {
    const keepAlive = Buffer.from("fe0200014104d8f196820009", "hex");
    const all = Buffer.concat([
      keepAlive,
      encodeAtrackPacket(IMEI, 10, [fix, fix]),
      encodeAtrackPacket(IMEI, 11, [fix]),
    ]);
    for (const cut of [1, 2, 12, 13, 17, 60, all.length - 1]) {
      const s = createAtrackSession();
      const a = s.push(all.subarray(0, cut));
      const b = s.push(all.subarray(cut));
      expect(a.error ?? b.error).toBeNull();
      expect([...a.replies, ...b.replies].map((r) => r.toString("hex"))).toEqual([
        "fe0200014104d8f196820009",
        "fe0200014104d8f19682000a",
        "fe0200014104d8f19682000b",
      ]);
    }
    const s = createAtrackSession();
    s.push(keepAlive);
    expect(s.push(encodeAtrackPacket("352964052096643", 1, [fix])).error).toBe(
      "atrack: packet of another unit",
    );
  });
});
