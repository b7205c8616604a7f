import { describe, expect, it } from "vitest";
import { createNavtelecomSession } from "./codec.ts";
import { encodeNavtelecomFlex, encodeNavtelecomLogin } from "./encode.ts";
import { NAVTELECOM_CONVERSATION, NAVTELECOM_IMEI } from "./fixtures.ts";
import { bitfieldOf, fieldBytes, fieldsOfBitfield, layoutOf } from "./flex-fields.ts";

const hex = (s: string) => Buffer.from(s, "hex");

// The frames below were written with an independent script (Python) from the vendor's layout, not by our encoder:
// the negotiation of fields 1, 2, 3, 8-15, 19, 20 (FLEX 1.0), then a ~T record: index 7, event 0x1234, time
// 1764331200, GNSS state 0x27 (on, valid, 9 satellites), fix time 1764331190, latitude 33422389 and longitude
// -22616063 (1/10,000 arc minute: the vendor's own examples 55° 42.2389', 37° 41.6063' W), altitude 2050 dm,
// speed 42.5 km/h (float), course 270, mileage 1234.5 km (float), supplies 12052 and 4100 mV.
const LOGIN = "404e544301000000000000001300464d2a3e533a383636373935303333333233383634";
const LOGIN_ACK = "404e544300000000010000000300455e2a3c53";
const FLEX = "404e544301000000000000001300d9d22a3e464c4558b00a0a45e1fe30000000000000";
const FLEX_ACK = "404e544300000000010000000900b1a02a3c464c4558b00a0a";
const EVENT =
  "7e5407000000070000003412c08e296927b68e296935fcfd0101e8a6fe0208000000002a420e0100509a44142f0410b0";

function session() {
  const s = createNavtelecomSession();
  const out = s.push(hex(LOGIN + FLEX));
  expect(out.error).toBeNull();
  expect(Buffer.concat(out.replies).toString("hex")).toBe(LOGIN_ACK + FLEX_ACK);
  return s;
}

describe("FLEX field table", () => {
  it("gives the vendor's sizes for time, status, coordinates, speed and course", () => {
    expect([1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 14, 15, 19].map(fieldBytes)).toEqual([
      4, 2, 4, 1, 1, 4, 4, 4, 4, 4, 2, 4, 2,
    ]);
    expect([44, 45, 52, 53, 54, 67, 68, 69].map(fieldBytes)).toEqual([2, 1, 1, 2, 4, 4, 2, 1]);
    expect(fieldBytes(70)).toBeNull();
    expect(fieldBytes(0)).toBeNull();
  });

  it("reads a bitfield from the high bit of its first byte, padding ignored", () => {
    expect(fieldsOfBitfield(hex("e1fe30000000000000"), 69)).toEqual([
      1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20,
    ]);
    expect(fieldsOfBitfield(hex("ff"), 3)).toEqual([1, 2, 3]);
    expect(bitfieldOf([1, 2, 3, 8, 19, 20], 24).toString("hex")).toBe("e10030");
    expect(layoutOf([1, 3, 10, 11])?.recordBytes).toBe(16);
    expect(layoutOf([1, 70])).toBeNull();
  });
});

describe("Navtelecom session", () => {
  it("answers the log-in and the negotiation with the ids swapped, then reads a ~T record", () => {
    const s = session();
    expect(s.imei()).toBe("866795033323864");
    const out = s.push(hex(EVENT));
    expect(out.error).toBeNull();
    expect(out.replies.map((r) => r.toString("hex"))).toEqual(["7e54070000008b"]);
    const [m] = out.messages;
    expect(m?.imei).toBe("866795033323864");
    expect(m?.positions).toHaveLength(1);
    const p = m!.positions[0]!;
    expect(new Date(p.ts).toISOString()).toBe("2025-11-28T12:00:00.000Z");
    expect(p.lat).toBeCloseTo(55.7039817, 6);
    expect(p.lng).toBeCloseTo(-37.6934383, 6);
    expect(p).toMatchObject({ alt: 205, spd: 42.5, course: 270, satt: 9, valid: true, src: 1 });
    expect(p.attributes).toMatchObject({
      index: 7,
      reason: 0x1234,
      odometer: 1_234_500,
      power: 12.052,
      battery: 4.1,
    });
  });

  it("reads the vendor document's ~A example (a record without coordinates) as a heartbeat with its values", () => {
    // The FLEX 2.0 negotiation and the ~A packet of the vendor's protocol document (appendix A.3): fields 1, 2, 3,
    // 4, 7, 19; record 30, event 6064, time 1450450401 (18.12.2015 17:53:21 MSK), status 0, GSM 31, 12052 mV.
    const s = createNavtelecomSession({ allowAnonymous: true });
    s.push(hex("404e544301000000000000001a001b192a3e464c4558b014147af2002000000000000000000000000000"));
    const out = s.push(hex("7e41011e000000b017e11d7456001f142f24"));
    expect(out.error).toBeNull();
    expect(out.replies.map((r) => r.toString("hex"))).toEqual(["7e4101df"]);
    const [m] = out.messages;
    expect(m?.kind).toBe("heartbeat");
    expect(m?.positions).toEqual([]);
    expect(m?.ts).toBe(Date.UTC(2015, 11, 18, 14, 53, 21));
    expect(m?.attributes).toEqual({ index: 30, reason: 6064, status: 0, power: 12.052 });
  });

  it("reads a frame split anywhere and answers it once whole", () => {
    const s = session();
    const bytes = hex(EVENT);
    const first = s.push(bytes.subarray(0, 20));
    expect(first.messages).toHaveLength(0);
    expect(first.replies).toHaveLength(0);
    const rest = s.push(bytes.subarray(20));
    expect(rest.messages[0]?.positions).toHaveLength(1);
    expect(rest.replies).toHaveLength(1);
  });

  it("answers nothing for a record with a bad CRC and ends the connection", () => {
    const s = session();
    const bytes = hex(EVENT);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    const out = s.push(bytes);
    expect(out.error).toMatch(/CRC/);
    expect(out.replies).toHaveLength(0);
  });

  it("answers a layout naming a field of unknown size with structure 1.0 and reads no record by it", () => {
    const s = createNavtelecomSession();
    s.push(hex(LOGIN));
    const out = s.push(
      encodeNavtelecomFlex([1, 3, 10, 11, 200], { protocolVersion: 30, structVersion: 30, bits: 255 }),
    );
    // *<FLEX B0, protocol 1.0 and structure 1.0 (0x0A 0x0A) instead of 3.0 and 3.0.
    expect(out.replies[0]?.subarray(16).toString("hex")).toBe(
      `${Buffer.from("*<FLEX").toString("hex")}b00a0a`,
    );
    const data = s.push(hex("7e4101"));
    expect(data.error).toMatch(/before an accepted field layout/);
    expect(data.replies).toHaveLength(0);
  });

  it("refuses FLEX data and negotiations before the log-in", () => {
    expect(createNavtelecomSession().push(hex(FLEX)).error).toBe("data before login");
    expect(createNavtelecomSession().push(hex(EVENT)).error).toBe("data before login");
  });

  it("refuses a header whose checksum is wrong, answering nothing", () => {
    const bad = hex(LOGIN);
    bad.writeUInt8(bad.readUInt8(15) ^ 1, 15);
    const out = createNavtelecomSession().push(bad);
    expect(out.error).toMatch(/header checksum/);
    expect(out.replies).toHaveLength(0);
  });

  it("reads a device's answer to a command as its result, unanswered; pings and keep-alives are not answered", () => {
    const s = createNavtelecomSession();
    s.push(encodeNavtelecomLogin(NAVTELECOM_IMEI));
    // A device's answer to a command (*@…), as in Traccar's test data; the 0x7F ping; a header without a body
    // (its checksums 00 18, as the vendor document gives them).
    const out = s.push(
      Buffer.concat([
        hex("404e544301000000000000000d005e4b2a40434e43545f445243204f4b"),
        hex("7f"),
        hex("404e5443010000000000000000000018"),
      ]),
    );
    expect(out.error).toBeNull();
    expect(out.replies).toHaveLength(0);
    expect(out.messages.map((m) => m.kind)).toEqual(["commandResult", "heartbeat", "heartbeat"]);
    expect(out.messages[0]?.attributes.result).toBe("*@CNCT_DRC OK");
    expect(out.messages[0]?.raw?.length).toBe(29);
  });

  it("reads the encoder's conversation: ~A of two fixes, ~T not valid, ~C current state", () => {
    const s = createNavtelecomSession();
    expect(s.push(NAVTELECOM_CONVERSATION.hello).replies).toHaveLength(2);
    const out = s.push(Buffer.concat(NAVTELECOM_CONVERSATION.frames));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => m.positions.map((p) => p.valid))).toEqual([[true, true], [false], [true]]);
    expect(out.messages[0]?.positions[1]?.lat).toBeCloseTo(-33.9, 5);
    // ~A<count><crc8>, ~T<index u32><crc8>, ~C<crc8>.
    expect(out.replies.map((r) => [r.subarray(0, 2).toString("latin1"), r.length])).toEqual([
      ["~A", 4],
      ["~T", 7],
      ["~C", 3],
    ]);
    expect(out.replies[0]?.[2]).toBe(2);
    expect(out.replies[1]?.readUInt32LE(2)).toBe(3);
  });
});
