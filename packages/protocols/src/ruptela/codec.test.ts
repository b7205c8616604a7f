import { describe, expect, it } from "vitest";
import {
  createRuptelaSession,
  decodeRuptelaPacket,
  encodeRuptelaRecords,
  ruptelaAck,
  ruptelaPacket,
} from "./codec.ts";

// No example packet of the Ruptela document was available in a readable copy: the packets here are built with
// the encoder from the document's layout, and the acknowledgement is checked byte for byte against the
// document's `00 02 64 01 13 BC`.
const IMEI = "013226005504143";
const rec = {
  timeMs: Date.UTC(2024, 5, 1, 12, 0, 0),
  lat: -34.6037,
  lng: -58.3816,
  altitude: 25.5,
  course: 123.45,
  satellites: 9,
  speedKmh: 87,
  hdop: 0.9,
};

const decode = (buf: Buffer) => {
  const res = decodeRuptelaPacket(buf);
  if (!res.ok) throw new Error(res.error);
  return res.value;
};

describe("Ruptela codec", () => {
  it("acknowledges records with the document's bytes", () => {
    expect(ruptelaAck(true).toString("hex")).toBe("0002640113bc");
    const m = decode(encodeRuptelaRecords(IMEI, [rec]));
    expect(m.ack?.toString("hex")).toBe("0002640113bc");
  });

  it("decodes a records packet (command 1): units, signs, IO groups", () => {
    const m = decode(
      encodeRuptelaRecords(IMEI, [
        {
          ...rec,
          eventIo: 5,
          io: { 1: { 5: 1, 2: 0 }, 2: { 29: 12850, 30: 4100 }, 4: { 65: 123456 }, 8: { 78: 0xabcdefn } },
        },
        { ...rec, timeMs: rec.timeMs + 1000, satellites: 0, lat: 0, lng: 0 },
      ]),
    );
    expect(m).toMatchObject({ kind: "position", imei: IMEI, attributes: { recordsLeft: 0 } });
    expect(m.positions[0]).toMatchObject({
      ts: rec.timeMs,
      lat: -34.6037,
      lng: -58.3816,
      alt: 25.5,
      course: 123,
      satt: 9,
      spd: 87,
      valid: true,
      src: 1,
      attributes: {
        hdop: 0.9,
        eventIo: 5,
        priority: 0,
        ignition: true,
        io2: 0,
        power: 12.85,
        battery: 4.1,
        io65: 123456,
        io78: 0xabcdef,
      },
    });
    expect(m.positions[0]?.attributes.archive).toBeUndefined();
    expect(m.positions[1]).toMatchObject({ valid: false, src: 2 });
  });

  it("decodes extended records (command 68) with 2-byte ids, panic priority as sos, stored records as archive", () => {
    const m = decode(
      encodeRuptelaRecords(IMEI, [{ ...rec, priority: 2, eventIo: 1000, io: { 2: { 1000: 7 } } }], {
        extended: true,
        recordsLeft: 1,
      }),
    );
    expect(m.kind).toBe("alarm");
    expect(m.positions[0]?.attributes).toMatchObject({
      event: "sos",
      eventIo: 1000,
      io1000: 7,
      archive: true,
    });
    expect(m.ack?.toString("hex")).toBe("0002640113bc");
  });

  it("answers 00 to a packet with a bad CRC and stores nothing from it", () => {
    const bad = encodeRuptelaRecords(IMEI, [rec]);
    bad.writeUInt8(bad.readUInt8(20) ^ 1, 20);
    const m = decode(bad);
    expect(m.positions).toEqual([]);
    expect(m.ack).toEqual(ruptelaAck(false));
    expect(ruptelaAck(false).subarray(0, 4).toString("hex")).toBe("00026400");
  });

  it("rejects truncated records and trailing bytes", () => {
    const ok = encodeRuptelaRecords(IMEI, [rec]);
    const payload = ok.subarray(11, ok.length - 2);
    expect(decodeRuptelaPacket(ruptelaPacket(IMEI, 1, payload.subarray(0, payload.length - 1))).ok).toBe(
      false,
    );
    expect(decodeRuptelaPacket(ruptelaPacket(IMEI, 1, Buffer.concat([payload, Buffer.from([0])]))).ok).toBe(
      false,
    );
  });

  it("streams packets split anywhere, answers each, and ends on another device's packet", () => {
    const a = encodeRuptelaRecords(IMEI, [rec]);
    const b = encodeRuptelaRecords(IMEI, [{ ...rec, timeMs: rec.timeMs + 5000 }], { extended: true });
    const s = createRuptelaSession();
    const all = Buffer.concat([a, b]);
    const first = s.push(all.subarray(0, 7));
    const rest = s.push(all.subarray(7));
    expect([...first.messages, ...rest.messages].flatMap((m) => m.positions.map((p) => p.ts))).toEqual([
      rec.timeMs,
      rec.timeMs + 5000,
    ]);
    expect(rest.replies).toHaveLength(2);
    expect(s.imei()).toBe(IMEI);
    expect(s.end().error).toBeNull();
    expect(s.push(encodeRuptelaRecords("356307042441013", [rec])).error).not.toBeNull();
    expect(createRuptelaSession().push(Buffer.from([0xff, 0xff, 0, 0])).error).not.toBeNull();
  });

  it("keeps other commands as unknown messages without an answer", () => {
    const m = decode(ruptelaPacket(IMEI, 15, Buffer.from([1, 2, 3])));
    expect(m).toMatchObject({ kind: "unknown", ack: null, attributes: { command: 15 } });
  });
});
