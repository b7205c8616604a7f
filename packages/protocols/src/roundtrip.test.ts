/**
 * What the simulator encodes, the server decodes to the same values: the two halves of each codec agree.
 */
import { describe, expect, it } from "vitest";
import { decodeGt06Frame, encodeGt06Alarm, encodeGt06Location, GT06_ALARM_CODE } from "./gt06/codec.ts";
import { decodeOsmAndRequest, encodeOsmAndPath } from "./osmand/codec.ts";
import type { DecodedMessage, DecodeResult } from "./shared/types.ts";
import {
  CODEC_8E,
  decodeTeltonikaAvl,
  encodeTeltonikaAvl,
  encodeTeltonikaRecord,
  IO,
} from "./teltonika/codec.ts";

function ok(r: DecodeResult<DecodedMessage>): DecodedMessage {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const T = Date.UTC(2026, 0, 2, 3, 4, 5);

describe("encode then decode", () => {
  it("Teltonika Codec 8E: position, named IO, driver key and the ACK", () => {
    const record = encodeTeltonikaRecord(
      {
        timestampMs: T,
        priority: 0,
        lng: -3.7038,
        lat: 40.4168,
        altitudeM: 650,
        angle: 271,
        satellites: 11,
        speedKmh: 47,
        eventIoId: IO.ignition,
        io: [
          { id: IO.ignition, size: 1, value: 1 },
          { id: IO.externalVoltage, size: 2, value: 13950 },
          { id: IO.totalOdometer, size: 4, value: 123456 },
          { id: IO.iButton, size: 8, value: 0x01000000abcdef12n },
        ],
      },
      CODEC_8E,
    );
    const m = ok(decodeTeltonikaAvl(encodeTeltonikaAvl([record, record], CODEC_8E), "x"));
    expect(m.ack?.toString("hex")).toBe("00000002");
    expect(m.positions[0]).toMatchObject({
      ts: T,
      lat: 40.4168,
      lng: -3.7038,
      alt: 650,
      spd: 47,
      course: 271,
      satt: 11,
      valid: true,
      attributes: {
        ignition: true,
        power: 13.95,
        odometer: 123456,
        driverId: "01000000ABCDEF12",
        eventIo: 239,
      },
    });
  });

  const fix = {
    timeMs: T,
    lat: -33.4489,
    lng: -70.6693,
    speedKmh: 62,
    course: 181,
    satellites: 9,
    positioned: true,
  };
  const cell = { mcc: 730, mnc: 1, lac: 1234, cellId: 56789 };
  const status = { acc: true, charging: false, gpsTracking: true, voltageLevel: 6, gsmSignal: 4 };

  it("GT06 0x22: hemispheres, course, cell and mileage; no ACK", () => {
    const frame = encodeGt06Location(fix, cell, true, { uploadMode: 0, reupload: false, mileageM: 9876 }, 5);
    const m = ok(decodeGt06Frame(frame, "x"));
    expect(m.ack).toBeNull();
    const p = m.positions[0]!;
    expect(p.lat).toBeCloseTo(fix.lat, 6);
    expect(p.lng).toBeCloseTo(fix.lng, 6);
    expect(p).toMatchObject({ ts: T, spd: 62, course: 181, satt: 9, valid: true });
    expect(p.attributes).toMatchObject({
      mcc: 730,
      mnc: 1,
      lac: 1234,
      cid: 56789,
      ignition: true,
      odometer: 9876,
    });
  });

  it("GT06 0x26: the alarm becomes an event and is acknowledged", () => {
    const m = ok(decodeGt06Frame(encodeGt06Alarm(fix, cell, status, GT06_ALARM_CODE.overspeed, 6), "x"));
    expect(m.kind).toBe("alarm");
    expect(m.attributes).toMatchObject({ event: "overspeed", ignition: true, batteryLevel: 100, rssi: 4 });
    expect(m.ack).not.toBeNull();
  });

  it("OsmAnd: speed in knots comes back in km/h", () => {
    const path = encodeOsmAndPath({
      id: "phone-1",
      timeMs: T,
      lat: 40.4168,
      lng: -3.7038,
      speedKmh: 18.52,
      bearing: 90,
      altitudeM: 650,
      accuracyM: 8,
      batteryPct: 77,
      charging: true,
    });
    const query = new URL(`http://h${path}`).searchParams;
    const m = ok(decodeOsmAndRequest({ method: "GET", query, body: null }, 0));
    expect(m.imei).toBe("phone-1");
    expect(m.positions[0]).toMatchObject({
      ts: T,
      lat: 40.4168,
      lng: -3.7038,
      spd: 18.52,
      course: 90,
      alt: 650,
      attributes: { accuracy: 8, batteryLevel: 77, charging: true },
    });
  });
});
