import { describe, expect, it } from "vitest";
import {
  builtCodec8,
  flip,
  hex,
  WIKI_CODEC8_1,
  WIKI_CODEC8_2,
  WIKI_CODEC8_3,
  WIKI_CODEC8E,
  WIKI_IMEI,
} from "../fixtures.ts";
import { decodeTeltonikaAvl, decodeTeltonikaImei, teltonikaFrame } from "./codec.ts";
import { createTeltonikaSession } from "./session.ts";

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe("decodeTeltonikaImei", () => {
  it("reads the wiki handshake", () => {
    expect(ok(decodeTeltonikaImei(hex(WIKI_IMEI)))).toBe("356307042441013");
  });
  it.each([
    ["length longer than data", "0010333536333037303432343431303133"],
    ["a letter in the IMEI", "000F333536333037303432343431304133"],
    ["a 3-digit IMEI", "0003313233"],
    ["trailing bytes", `${"000F333536333037303432343431303133"}00`],
  ])("rejects %s", (_name, h) => {
    expect(decodeTeltonikaImei(hex(h)).ok).toBe(false);
  });
});

describe("decodeTeltonikaAvl", () => {
  it("decodes Codec 8 example 1 (no fix, IO 21/1/66/241/78)", () => {
    const m = ok(decodeTeltonikaAvl(hex(WIKI_CODEC8_1), "356307042441013"));
    expect(m.ack?.toString("hex")).toBe("00000001");
    expect(m.positions).toHaveLength(1);
    const p = m.positions[0]!;
    expect(p).toMatchObject({ ts: 1560161086000, lat: 0, lng: 0, satt: 0, valid: false, src: 2 });
    expect(p.attributes).toMatchObject({
      io21: 3,
      rssi: 3,
      io1: 1,
      io66: 24079,
      power: 24.079,
      io241: 24602,
    });
    expect(p.attributes.io78).toBe(0);
    expect(p.attributes.driverId).toBeUndefined(); // all-zero iButton means no key
  });

  it("decodes Codec 8 example 2", () => {
    const m = ok(decodeTeltonikaAvl(hex(WIKI_CODEC8_2), null));
    expect(m.positions[0]).toMatchObject({ ts: 1560161136000, attributes: { io66: 24080, power: 24.08 } });
    expect(m.ack?.toString("hex")).toBe("00000001");
  });

  it("decodes Codec 8 example 3 (two records, ACK 2)", () => {
    const m = ok(decodeTeltonikaAvl(hex(WIKI_CODEC8_3), null));
    expect(m.positions.map((p) => [p.ts, p.attributes.io1])).toEqual([
      [1560160861000, 0],
      [1560160879000, 1],
    ]);
    expect(m.ack?.toString("hex")).toBe("00000002");
  });

  it("decodes the Codec 8 Extended example (2-byte ids, 8-byte values, odometer)", () => {
    const m = ok(decodeTeltonikaAvl(hex(WIKI_CODEC8E), null));
    const p = m.positions[0]!;
    expect(p.ts).toBe(1560166592000);
    expect(p.attributes).toMatchObject({
      io1: 1,
      io17: 29,
      io16: 22949000,
      odometer: 22949000,
      io11: 893700218,
      io14: 500686954,
      eventIo: 1,
    });
    expect(m.attributes.codec).toBe(0x8e);
  });

  it("decodes a hand-built Codec 8 record with a fix and a harsh-braking event", () => {
    const p = ok(decodeTeltonikaAvl(builtCodec8(), null)).positions[0]!;
    expect(p).toMatchObject({
      ts: Date.UTC(2024, 2, 1, 12),
      lat: 54.6872,
      lng: 25.2797,
      alt: 112,
      course: 270,
      satt: 9,
      spd: 63,
      valid: true,
      src: 1,
    });
    expect(p.attributes).toMatchObject({
      ignition: true,
      motion: true,
      event: "harshBraking",
      power: 12.85,
      odometer: 123456,
      driverId: "0000011A2B3C4D5E",
    });
  });

  it("rejects a bad CRC without ACK", () => {
    const b = hex(WIKI_CODEC8_1);
    flip(b, b.length - 1, 0xff);
    const r = decodeTeltonikaAvl(b, null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/CRC/);
  });

  it("rejects unknown codecs and count mismatches even with a valid CRC", () => {
    const data = hex(WIKI_CODEC8_2).subarray(8, -4);
    const codec = Buffer.from(data);
    codec[0] = 0x0c;
    expect(decodeTeltonikaAvl(teltonikaFrame(codec), null).ok).toBe(false);
    const counts = Buffer.from(data);
    counts[counts.length - 1] = 2;
    expect(decodeTeltonikaAvl(teltonikaFrame(counts), null).ok).toBe(false);
  });
});

describe("createTeltonikaSession", () => {
  it("accepts the IMEI, then ACKs AVL data with the record count", () => {
    const s = createTeltonikaSession();
    const a = s.push(hex(WIKI_IMEI));
    expect(a.error).toBeNull();
    expect(a.replies.map((r) => r.toString("hex"))).toEqual(["01"]);
    expect(s.imei()).toBe("356307042441013");
    const b = s.push(hex(WIKI_CODEC8_3));
    expect(b.replies.map((r) => r.toString("hex"))).toEqual(["00000002"]);
    expect(b.messages[0]?.imei).toBe("356307042441013");
  });

  it("reassembles frames split at every byte boundary", () => {
    const all = Buffer.concat([hex(WIKI_IMEI), hex(WIKI_CODEC8E), hex(WIKI_CODEC8_1)]);
    const s = createTeltonikaSession();
    const replies: string[] = [];
    for (const byte of all) {
      const out = s.push(Buffer.from([byte]));
      expect(out.error).toBeNull();
      replies.push(...out.replies.map((r) => r.toString("hex")));
    }
    expect(replies).toEqual(["01", "00000001", "00000001"]);
    expect(s.buffered()).toBe(0);
  });

  it("rejects a malformed IMEI with 0x00 and an error", () => {
    const out = createTeltonikaSession().push(Buffer.from("\x00\x0fabcdefghijklmno", "latin1"));
    expect(out.replies.map((r) => r.toString("hex"))).toEqual(["00"]);
    expect(out.error).toMatch(/IMEI/);
  });

  it("refuses AVL data before the IMEI unless anonymous data is allowed", () => {
    expect(createTeltonikaSession().push(hex(WIKI_CODEC8_2)).error).toMatch(/IMEI length/);
    const out = createTeltonikaSession({ allowAnonymous: true }).push(hex(WIKI_CODEC8_2));
    expect(out.error).toBeNull();
    expect(out.messages[0]?.imei).toBeNull();
  });

  it("fails fast on a huge declared length instead of buffering", () => {
    const s = createTeltonikaSession();
    s.push(hex(WIKI_IMEI));
    const out = s.push(hex("00000000FFFFFFF0"));
    expect(out.error).toMatch(/exceeds/);
    expect(s.buffered()).toBe(0);
    expect(s.push(hex(WIKI_CODEC8_2)).error).toBe(out.error); // stays failed
  });

  it("sends no ACK for a corrupt packet", () => {
    const s = createTeltonikaSession();
    s.push(hex(WIKI_IMEI));
    const bad = hex(WIKI_CODEC8_2);
    flip(bad, 20, 0x01);
    const out = s.push(bad);
    expect(out.replies).toEqual([]);
    expect(out.error).toMatch(/CRC/);
  });
});
