import { describe, expect, it } from "vitest";
import {
  encodeGt06Alarm,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06Status,
  GT06_ALARM_2,
  GT06_GPS_2,
  GT06_LOGIN,
  GT06_STATUS,
} from "./gt06/codec.ts";
import { gt06Ack, splitGt06Frames } from "./gt06/frame.ts";
import { encodeOsmAndPath } from "./osmand/codec.ts";
import {
  CODEC_8,
  CODEC_8E,
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  encodeTeltonikaRecord,
  readTeltonikaPacket,
} from "./teltonika/codec.ts";

/**
 * The device-side encoders the simulator uses, checked against the vendors' documented examples byte for byte
 * and read back with the decoders.
 */

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex").toUpperCase();

describe("Teltonika", () => {
  it("IMEI handshake is a 2-byte length then ASCII", () => {
    expect(hex(encodeTeltonikaImei("356307042441013"))).toBe("000F333536333037303432343431303133");
  });

  // The first Codec 8 example of Teltonika's "Data Sending Protocols" page: one record, zero GPS, event IO 1,
  // IO 0x15=3, 0x01=1 (1 byte), 0x42=0x5E0F (2 bytes), 0xF1=0x601A (4 bytes), 0x4E=0 (8 bytes), CRC 0xC7CF.
  it("reproduces the documented Codec 8 example byte for byte", () => {
    const record = encodeTeltonikaRecord(
      {
        timestampMs: 0x16b40d8ea30,
        priority: 1,
        lng: 0,
        lat: 0,
        altitudeM: 0,
        angle: 0,
        satellites: 0,
        speedKmh: 0,
        eventIoId: 1,
        io: [
          { id: 0x15, size: 1, value: 3 },
          { id: 0x01, size: 1, value: 1 },
          { id: 0x42, size: 2, value: 0x5e0f },
          { id: 0xf1, size: 4, value: 0x601a },
          { id: 0x4e, size: 8, value: 0n },
        ],
      },
      CODEC_8,
    );
    expect(hex(encodeTeltonikaAvl([record], CODEC_8))).toBe(
      "000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF",
    );
  });

  it("Codec 8E uses 2-byte ids and counts, adds the NX group and round-trips", () => {
    const rec = {
      timestampMs: Date.UTC(2026, 0, 2, 3, 4, 5),
      priority: 0 as const,
      lng: -3.7038,
      lat: 40.4168,
      altitudeM: 650,
      angle: 271,
      satellites: 11,
      speedKmh: 47,
      eventIoId: 253,
      io: [
        { id: 239, size: 1 as const, value: 1 },
        { id: 66, size: 2 as const, value: 13950 },
        { id: 449, size: 4 as const, value: 3600 },
        { id: 78, size: 8 as const, value: 0x1234n },
      ],
      nx: [{ id: 385, value: Uint8Array.from([1, 2, 3]) }],
    };
    const packet = encodeTeltonikaAvl(
      [encodeTeltonikaRecord(rec, CODEC_8E), encodeTeltonikaRecord(rec, CODEC_8E)],
      CODEC_8E,
    );
    // Header: preamble, data length, codec 8E, 2 records; the record's IO block begins with event id 00FD.
    expect(hex(packet.subarray(8, 10))).toBe("8E02");
    expect(hex(packet.subarray(10 + 24, 10 + 28))).toBe("00FD0005");
    const decoded = readTeltonikaPacket(packet);
    expect(decoded?.size).toBe(packet.length);
    expect(decoded?.packet.records).toHaveLength(2);
    const r = decoded!.packet.records[0]!;
    expect([r.lat, r.lng, r.altitudeM, r.angle, r.speedKmh, r.eventIoId]).toEqual([
      40.4168, -3.7038, 650, 271, 47, 253,
    ]);
    expect(r.io.map((e) => [e.id, Number(e.value)])).toEqual([
      [239, 1],
      [66, 13950],
      [449, 3600],
      [78, 0x1234],
    ]);
    expect(Array.from(r.nx![0]!.value)).toEqual([1, 2, 3]);
  });

  it("Codec 8 drops ids that need two bytes instead of truncating them", () => {
    const r = encodeTeltonikaRecord(
      {
        timestampMs: 0,
        priority: 0,
        lng: 0,
        lat: 0,
        altitudeM: 0,
        angle: 0,
        satellites: 0,
        speedKmh: 0,
        eventIoId: 0,
        io: [
          { id: 449, size: 4, value: 1 },
          { id: 16, size: 4, value: 7 },
        ],
      },
      CODEC_8,
    );
    const d = readTeltonikaPacket(encodeTeltonikaAvl([r], CODEC_8))!;
    expect(d.packet.records[0]!.io.map((e) => e.id)).toEqual([16]);
  });

  it("rejects a corrupted packet", () => {
    const r = encodeTeltonikaRecord(
      {
        timestampMs: 1,
        priority: 0,
        lng: 1,
        lat: 1,
        altitudeM: 0,
        angle: 0,
        satellites: 5,
        speedKmh: 0,
        eventIoId: 0,
        io: [],
      },
      CODEC_8,
    );
    const p = encodeTeltonikaAvl([r], CODEC_8);
    p[20] = p[20]! ^ 0xff;
    expect(() => readTeltonikaPacket(p)).toThrow(/CRC/);
  });
});

describe("GT06", () => {
  // The login example of the GT06 protocol document: terminal ID 0123456789012345, serial 1, CRC 0x8CDD.
  it("reproduces the documented login packet", () => {
    expect(hex(encodeGt06Login("123456789012345", 1))).toBe("78780D01012345678901234500018CDD0D0A");
  });

  it("reproduces the documented server reply to login", () => {
    expect(hex(gt06Ack(0x01, 1))).toBe("787805010001D9DC0D0A");
  });

  const fix = {
    // 2010-03-23 15:50:23 UTC, the date of the document's example (0A 03 17 0F 32 17).
    timeMs: Date.UTC(2010, 2, 23, 15, 50, 23),
    // The document's worked example: 22°32.7658' → (22×60+32.7658)×30000 = 40582974 = 0x026B3F3E,
    // and 113°54.6412' → (113×60+54.6412)×30000 = 205039236.
    lat: 22 + 32.7658 / 60,
    lng: 113 + 54.6412 / 60,
    speedKmh: 0,
    course: 332,
    satellites: 9,
    positioned: true,
  };
  const cell = { mcc: 0x01cc, mnc: 0, lac: 0x28, cellId: 0x7d };

  it("encodes the GPS block as the document's example (date, lat/lng × 1 800 000, course/status 0x154C)", () => {
    const p = encodeGt06Location(fix, cell, true, { uploadMode: 0, reupload: false }, 1);
    // date | C9 (12-byte GPS info, 9 satellites) | lat | lng | speed 0 | 0x154C (positioned, north, east, 332°)
    const lngHex = (205039236).toString(16).toUpperCase().padStart(8, "0");
    expect(hex(p.subarray(4, 4 + 18))).toBe(`0A03170F3217C9026B3F3E${lngHex}00154C`);
    expect(p[3]).toBe(0x22);
  });

  it("sets west and clears north in the southern/western hemispheres", () => {
    const p = encodeGt06Location(
      { ...fix, lat: -10, lng: -20, course: 90 },
      cell,
      false,
      { uploadMode: 0, reupload: true },
      7,
    );
    const cs = p.readUInt16BE(4 + 16);
    expect(cs & (1 << 11)).toBeTruthy();
    expect(cs & (1 << 10)).toBe(0);
    expect(cs & 0x3ff).toBe(90);
  });

  it("every packet splits back with a valid CRC", () => {
    const status = { acc: true, charging: true, gpsTracking: true, voltageLevel: 4, gsmSignal: 3 };
    const stream = Buffer.concat([
      encodeGt06Login("356307042441013", 1),
      encodeGt06Location(fix, cell, true, { uploadMode: 3, reupload: false, mileageM: 123456 }, 2),
      encodeGt06Status(status, 3),
      encodeGt06Alarm(fix, cell, status, 0x06, 4),
    ]);
    const { packets, rest } = splitGt06Frames(stream);
    expect(rest.length).toBe(0);
    expect(packets.map((p) => [p.protocol, p.serial, p.content.length])).toEqual([
      [GT06_LOGIN, 1, 8],
      [GT06_GPS_2, 2, 33],
      [GT06_STATUS, 3, 5],
      [GT06_ALARM_2, 4, 32],
    ]);
    // Heartbeat terminal info: GPS tracking (0x40) | charging (0x04) | ACC (0x02).
    expect(hex(packets[2]!.content)).toBe("4604030002");
  });
});

describe("OsmAnd", () => {
  it("builds the Traccar Client query with speed in knots and unix seconds", () => {
    const path = encodeOsmAndPath({
      id: "123456789012345",
      timeMs: 1_700_000_000_999,
      lat: 40.4168,
      lng: -3.7038,
      speedKmh: 18.52,
      bearing: 90,
      altitudeM: 650,
      accuracyM: 8,
      batteryPct: 77,
      charging: false,
    });
    const q = new URL(`http://h${path}`).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      id: "123456789012345",
      timestamp: "1700000000",
      lat: "40.416800",
      lon: "-3.703800",
      speed: "10.00",
      bearing: "90.0",
      altitude: "650.0",
      accuracy: "8.0",
      batt: "77.0",
      charge: "false",
    });
  });
});
