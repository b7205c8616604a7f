import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc16Modbus } from "../shared/crc.ts";
import {
  createGalileoskySession,
  decodeGalileoskyPacket,
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  galileoskyAck,
  galileoskyPacket,
} from "./codec.ts";
import { tagSize } from "./tags.ts";

// No example packet of the Galileosky document was available in a readable copy: packets are built with the
// encoder from the document's layout (header 0x01, length with the archive bit, tags, CRC-16/MODBUS, all
// little-endian; the answer 0x02 + the packet's CRC).
const IMEI = "868204001234567";
const rec = {
  index: 7,
  timeMs: Date.UTC(2024, 5, 1, 12, 0, 0),
  lat: -34.603722,
  lng: -58.381592,
  satellites: 11,
  valid: true,
  speedKmh: 87.5,
  course: 123.4,
  altitude: -12,
  hdop: 0.8,
  status: 0x0201,
  powerMv: 12850,
  batteryMv: 4100,
  odometerM: 123456,
};

const decode = (buf: Buffer, imei: string | null = IMEI) => {
  const res = decodeGalileoskyPacket(buf, imei);
  if (!res.ok) throw new Error(res.error);
  return res.value;
};

describe("Galileosky codec", () => {
  it("reads the head packet as a login and answers 02 + its CRC", () => {
    const head = encodeGalileoskyHead(IMEI, 50);
    const m = decode(head, null);
    expect(m).toMatchObject({ kind: "login", imei: IMEI, positions: [] });
    const crc = head.readUInt16LE(head.length - 2);
    expect(crc).toBe(crc16Modbus(head, 0, head.length - 2));
    expect(m.ack).toEqual(Buffer.from([0x02, crc & 0xff, crc >> 8]));
    expect(galileoskyAck(0xbeef).toString("hex")).toBe("02efbe");
  });

  it("decodes records: units, signs, status, voltages, several records per packet", () => {
    const m = decode(
      encodeGalileoskyRecords([rec, { ...rec, index: 8, timeMs: rec.timeMs + 30_000, valid: false }]),
    );
    expect(m.kind).toBe("position");
    expect(m.positions).toHaveLength(2);
    expect(m.positions[0]).toMatchObject({
      ts: rec.timeMs,
      lat: -34.603722,
      lng: -58.381592,
      alt: -12,
      spd: 87.5,
      course: 123,
      satt: 11,
      valid: true,
      src: 1,
      attributes: { index: 7, hdop: 0.8, status: 0x0201, power: 12.85, battery: 4.1, odometer: 123456 },
    });
    expect(m.positions[0]?.attributes.archive).toBeUndefined();
    expect(m.positions[1]).toMatchObject({
      ts: rec.timeMs + 30_000,
      valid: false,
      src: 2,
      attributes: { index: 8 },
    });
  });

  it("flags the records of a packet with the archive bit", () => {
    const packet = encodeGalileoskyRecords([rec], true);
    expect(packet.readUInt16LE(1) & 0x8000).toBe(0x8000);
    expect(decode(packet).positions[0]?.attributes.archive).toBe(true);
  });

  it("rejects a wrong CRC or length; a tag running past the packet stops the reading there", () => {
    const packet = encodeGalileoskyRecords([rec]);
    const bad = Buffer.from(packet);
    bad.writeUInt8(bad.readUInt8(10) ^ 1, 10);
    expect(decodeGalileoskyPacket(bad, IMEI)).toMatchObject({ ok: false, error: "CRC mismatch" });
    expect(decodeGalileoskyPacket(packet.subarray(0, -1), IMEI).ok).toBe(false);
    const short = galileoskyPacket(Buffer.from([0x20, 1, 2]));
    expect(decode(short)).toMatchObject({
      positions: [],
      undecoded: { offset: 3, reason: "galileosky: tag 0x20 at offset 3 runs past the packet" },
      raw: short,
    });
  });

  it("keeps the whole records before an unknown tag and says where it stopped, with the packet to quarantine", () => {
    const tags = encodeGalileoskyRecords([rec, { ...rec, index: 8 }]).subarray(3, -2);
    // 0xFD after the records' last tag (0xD4): it belongs to the second record, which is therefore cut.
    const inside = galileoskyPacket(Buffer.concat([tags, Buffer.from([0xfd, 1, 2, 3])]));
    const m = decode(inside);
    expect(m.positions.map((p) => p.attributes.index)).toEqual([7]);
    expect(m.undecoded).toEqual({
      offset: 3 + tags.length,
      reason: `galileosky: unknown tag 0xFD at offset ${3 + tags.length}`,
    });
    expect(m.raw).toEqual(inside);
    expect(m.ack).toEqual(galileoskyAck(inside.readUInt16LE(inside.length - 2)));
    // 0x05, below 0xD4, starts a new record: both before it are whole.
    const between = decode(galileoskyPacket(Buffer.concat([tags, Buffer.from([0x05, 1])])));
    expect(between.positions).toHaveLength(2);
    expect(between.undecoded?.reason).toBe(`galileosky: unknown tag 0x05 at offset ${3 + tags.length}`);
    expect(decode(encodeGalileoskyRecords([rec])).undecoded).toBeUndefined();
  });

  it("reads the tags of the vendor's table that real devices send: 0x21, 0x47, 0x60-0x6F, 0x70-0x77, 0xE2-0xEA, 0xFE", () => {
    // Sizes from the tag table of the GalileoSky user manuals; frames built with them, values hand-set.
    const time = Buffer.alloc(4);
    time.writeUInt32LE(1_700_000_000);
    const coords = Buffer.alloc(9);
    coords.writeUInt8(0x08, 0);
    coords.writeInt32LE(55_750_000, 1);
    coords.writeInt32LE(37_620_000, 5);
    const tags = Buffer.concat([
      Buffer.from([0x10, 1, 0, 0x20]),
      time,
      Buffer.from([0x21, 250, 0, 0x30]),
      coords,
      Buffer.from([0x47, 1, 2, 3, 4, 0x61, 0x10, 0x27, 0x63, 0x20, 0x03, 0xf6, 0x70, 0x05, 0x16]),
      Buffer.from([0x8b, 0x12, 0xe2, 0x2a, 0, 0, 0, 0xe9, 1, 0, 0, 0, 0xea, 3, 0xaa, 0xbb, 0xcc]),
      Buffer.from([0xfe, 6, 0, 0x21, 0x00, 0x4d, 0x03, 0x00, 0x00]),
    ]);
    const m = decode(galileoskyPacket(tags));
    expect(m.undecoded).toBeUndefined();
    expect(m.positions).toHaveLength(1);
    expect(m.positions[0]).toMatchObject({
      ts: 1_700_000_000_250,
      lat: 55.75,
      lng: 37.62,
      satt: 8,
      valid: true,
      attributes: {
        fuel1: 10000,
        fuel3: 800,
        fuelTemp3: -10,
        temp0: 22,
        userData0: 42,
        userData7: 1,
        userArray: "aabbcc",
      },
    });
  });

  it("reads a command answer (tags 0xE0/0xE1) as commandResult", () => {
    const text = Buffer.from("OUT 0,1");
    const m = decode(
      galileoskyPacket(Buffer.concat([Buffer.from([0xe0, 1, 0, 0, 0, 0xe1, text.length]), text])),
    );
    expect(m).toMatchObject({ kind: "commandResult", attributes: { result: "OUT 0,1" } });
  });

  it("streams a conversation split anywhere, answering each packet; refuses data before the IMEI", () => {
    const conversation = Buffer.concat([encodeGalileoskyHead(IMEI), encodeGalileoskyRecords([rec])]);
    const s = createGalileoskySession();
    const a = s.push(conversation.subarray(0, 5));
    const b = s.push(conversation.subarray(5));
    expect([...a.messages, ...b.messages].map((m) => m.kind)).toEqual(["login", "position"]);
    expect([...a.replies, ...b.replies]).toHaveLength(2);
    expect(s.imei()).toBe(IMEI);
    expect(createGalileoskySession().push(encodeGalileoskyRecords([rec])).error).not.toBeNull();
    expect(createGalileoskySession().push(Buffer.from([0x55, 0, 0])).error).not.toBeNull();
    expect(s.push(encodeGalileoskyHead("356307042441013")).error).not.toBeNull();
  });

  it("never answers a packet whose records are neither all read nor marked for the quarantine", () => {
    // Tags the size table lacks, so the decoder cannot step over them.
    const unknown = Array.from({ length: 256 }, (_, t) => t).filter(
      (t) => tagSize(Buffer.from([t, 0, 0]), 0, 3) === undefined,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.option(
          fc.record({
            before: fc.nat(),
            tag: fc.constantFrom(...unknown),
            tail: fc.uint8Array({ maxLength: 8 }),
          }),
        ),
        (count, extra) => {
          const records = Array.from({ length: count }, (_, i) =>
            encodeGalileoskyRecords([{ ...rec, index: i }]),
          );
          const bodies = records.map((r) => r.subarray(3, -2));
          const before = extra === null ? count : extra.before % (count + 1);
          const inserted = extra === null ? [] : [Buffer.from([extra.tag]), Buffer.from(extra.tail)];
          const packet = galileoskyPacket(
            Buffer.concat([...bodies.slice(0, before), ...inserted, ...bodies.slice(before)]),
          );
          const m = decode(packet);
          expect(m.ack).not.toBeNull();
          if (extra === null) {
            expect(m.undecoded).toBeUndefined();
            expect(m.positions).toHaveLength(count);
          } else {
            // Answered, so kept apart whole; the records read are exactly the whole ones before the stop.
            expect(m.undecoded?.reason).toMatch(/^galileosky: unknown tag 0x[0-9A-F]{2} at offset \d+$/);
            expect(m.raw).toEqual(packet);
            // A record's last tag is 0xD4 (mileage): a higher unknown tag belongs to the record before it.
            const whole = extra.tag > 0xd4 && before > 0 ? before - 1 : before;
            expect(m.positions.map((p) => p.attributes.index)).toEqual(
              Array.from({ length: whole }, (_, i) => i),
            );
          }
        },
      ),
      { numRuns: 500, seed: 28 },
    );
  });
});
