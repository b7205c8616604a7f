import { describe, expect, it } from "vitest";
import { crc16Modbus } from "../crc.ts";
import {
  createGalileoskySession,
  decodeGalileoskyPacket,
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  galileoskyAck,
  galileoskyPacket,
} from "./codec.ts";

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

  it("rejects a wrong CRC or length, and a tag running past the packet", () => {
    const packet = encodeGalileoskyRecords([rec]);
    const bad = Buffer.from(packet);
    bad.writeUInt8(bad.readUInt8(10) ^ 1, 10);
    expect(decodeGalileoskyPacket(bad, IMEI)).toMatchObject({ ok: false, error: "CRC mismatch" });
    expect(decodeGalileoskyPacket(packet.subarray(0, -1), IMEI).ok).toBe(false);
    expect(decodeGalileoskyPacket(galileoskyPacket(Buffer.from([0x20, 1, 2])), IMEI).ok).toBe(false);
  });

  it("keeps the records before an unknown tag and still acknowledges the packet", () => {
    const tags = encodeGalileoskyRecords([rec]).subarray(3, -2);
    const m = decode(galileoskyPacket(Buffer.concat([tags, Buffer.from([0xfd, 1, 2, 3])])));
    expect(m.positions).toHaveLength(1);
    expect(m.attributes.unknownTag).toBe(0xfd);
    expect(m.ack).not.toBeNull();
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
});
