import { describe, expect, it } from "vitest";
import {
  CONCOX_ALARM,
  CONCOX_GPS_12,
  CONCOX_GPS_22,
  CONCOX_LOGIN,
  CONCOX_LOGIN_ACK,
  CONCOX_STATUS,
  DEVICE_GPS_12,
  DEVICE_LOGIN,
  DEVICE_STATUS,
  flip,
  hex,
} from "../fixtures.ts";
import type { DecodedMessage, DecodeResult } from "../shared/types.ts";
import { decodeGt06Frame, encodeGt06Wifi } from "./codec.ts";
import { encodeGt06Frame, gt06Ack, gt06Frame } from "./frame.ts";
import { createGt06Session } from "./session.ts";

function ok(r: DecodeResult<DecodedMessage>): DecodedMessage {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const decode = (h: string, imei: string | null = "123456789012345") => ok(decodeGt06Frame(hex(h), imei));

describe("decodeGt06Frame", () => {
  it("decodes the Concox login example and answers with the document's response", () => {
    const m = decode(CONCOX_LOGIN, null);
    expect(m.kind).toBe("login");
    expect(m.imei).toBe("123456789012345");
    expect(m.ack?.toString("hex")).toBe(hex(CONCOX_LOGIN_ACK).toString("hex"));
  });

  it("decodes a real device login", () => {
    const m = decode(DEVICE_LOGIN, null);
    expect(m.imei).toBe("355488000035363");
    expect(m.ack?.toString("hex")).toBe(gt06Ack(0x01, 0x0015).toString("hex"));
  });

  it("decodes the Concox 0x12 GPS example (north/east, course 143, LBS) with no ACK", () => {
    const m = decode(CONCOX_GPS_12);
    expect(m.ack).toBeNull();
    expect(m.imei).toBe("123456789012345");
    const p = m.positions[0]!;
    expect(p.ts).toBe(Date.UTC(2011, 7, 29, 17, 46, 16));
    expect(p.lat).toBeCloseTo(0x027ac7eb / 1_800_000, 9); // 23.11167 N;
    expect(p.lng).toBeCloseTo(0x0c465849 / 1_800_000, 9); // 114.40749 E;
    expect(p).toMatchObject({ spd: 0, course: 143, satt: 15, valid: true, src: 1, alt: 0 });
    expect(p.attributes).toMatchObject({ mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1fb8 });
  });

  it("decodes a real device 0x12 packet (India, status word 0x345D → course 93)", () => {
    const p = decode(DEVICE_GPS_12).positions[0]!;
    expect(p.ts).toBe(Date.UTC(2015, 10, 5, 14, 37, 54));
    expect(p.lat).toBeCloseTo(18.4764, 4);
    expect(p.lng).toBeCloseTo(0x07ed996b / 1_800_000, 9);
    expect(p).toMatchObject({ course: 93, satt: 6, valid: true });
    expect(p.attributes).toMatchObject({ mcc: 404, mnc: 27, lac: 0xb8, cid: 0x2f51 });
  });

  it("decodes the Concox 0x22 example with ACC and re-upload flag", () => {
    const m = decode(CONCOX_GPS_22);
    const p = m.positions[0]!;
    expect(p.ts).toBe(Date.UTC(2015, 11, 29, 2, 51, 5));
    expect(p).toMatchObject({ satt: 9, course: 0, valid: true });
    expect(p.attributes).toMatchObject({ ignition: false, archive: true, cid: 0x1f71 });
    expect(m.attributes.serial).toBe(8);
    expect(m.ack).toBeNull();
  });

  it("applies hemisphere bits: south and west give negative coordinates", () => {
    // Hand-built (no document example in the southern/western hemisphere): Concox 0x12 content
    // with the status word changed to 0x1000 (positioned, south, east) then 0x1C00 (north, west).
    const body = hex(CONCOX_GPS_12).subarray(3, -4);
    const south = Buffer.from(body);
    south.writeUInt16BE(0x1000 | 200, 17);
    const p = ok(decodeGt06Frame(gt06Frame(south), null)).positions[0]!;
    expect(p.lat).toBeLessThan(0);
    expect(p.lng).toBeGreaterThan(0);
    expect(p.course).toBe(200);
    south.writeUInt16BE(0x0c00, 17); // not positioned, north, west
    const q = ok(decodeGt06Frame(gt06Frame(south), null)).positions[0]!;
    expect(q.lat).toBeGreaterThan(0);
    expect(q.lng).toBeLessThan(0);
    expect(q).toMatchObject({ valid: false, src: 2 });
  });

  it("decodes status packets (heartbeat) and ACKs them", () => {
    const m = decode(CONCOX_STATUS);
    expect(m.kind).toBe("heartbeat");
    expect(m.positions).toEqual([]);
    expect(m.attributes).toMatchObject({ ignition: false, gpsTracking: true, voltageLevel: 4, rssi: 4 });
    expect(m.ack?.toString("hex")).toBe(gt06Ack(0x13, 0x000f).toString("hex"));
    const d = decode(DEVICE_STATUS);
    expect(d.attributes).toMatchObject({ voltageLevel: 5, batteryLevel: 83, rssi: 3 });
    // ACC bit (bit 1) → ignition, on a hand-built variant of the same packet.
    const acc = hex(DEVICE_STATUS).subarray(3, -4);
    acc.writeUInt8(0x42, 1);
    expect(ok(decodeGt06Frame(gt06Frame(acc), null)).attributes.ignition).toBe(true);
  });

  it("decodes the Concox alarm example as an SOS event with status, cell and ACK", () => {
    const m = decode(CONCOX_ALARM);
    expect(m.kind).toBe("alarm");
    expect(m.attributes).toMatchObject({ alarm: 1, event: "sos", mcc: 460, cid: 0x1f72, voltageLevel: 6 });
    const p = m.positions[0]!;
    expect(p.ts).toBe(Date.UTC(2011, 10, 15, 14, 36, 29));
    expect(p).toMatchObject({ spd: 0, course: 2, valid: true });
    expect(p.attributes).toMatchObject({ event: "sos", charging: true, armed: true });
    expect(m.ack?.toString("hex")).toBe(gt06Ack(0x16, 0x0036).toString("hex"));
  });

  it.each([
    [0x02, "powerCut"],
    [0x03, "vibration"],
    [0x06, "overspeed"],
    [0x09, "tow"],
  ])("maps alarm code 0x%s to %s", (code, event) => {
    const body = hex(CONCOX_ALARM).subarray(3, -4);
    body.writeUInt8(code, body.length - 4); // alarm byte sits before language and serial
    expect(ok(decodeGt06Frame(gt06Frame(body), null)).attributes.event).toBe(event);
  });

  it("reports cell-only LBS packets as a cell, not a position (hand-built 0x11)", () => {
    const body = Buffer.concat([hex("11 180301 0C1E00 01CC 00 287D 001F71"), hex("0042")]);
    const m = ok(decodeGt06Frame(gt06Frame(body), "x"));
    expect(m.kind).toBe("lbs");
    expect(m.positions).toEqual([]);
    expect(m.cell).toEqual({ ts: Date.UTC(2024, 2, 1, 12, 30), mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1f71 });
    expect(m.ack).toBeNull();
  });

  it("accepts 0x7979 extended framing and keeps unknown protocols without error", () => {
    const m = ok(decodeGt06Frame(gt06Frame(hex("94 00 0102030405 0007"), true), "x"));
    expect(m.kind).toBe("unknown");
    expect(m.attributes).toMatchObject({ protocol: 0x94, serial: 7 });
    const login = ok(decodeGt06Frame(gt06Frame(hex("01 0123456789012345 0009"), true), null));
    expect(login.ack?.subarray(0, 4).toString("hex")).toBe("79790005");
  });

  it.each([
    ["bad CRC", (b: Buffer) => flip(b, b.length - 3, 1)],
    ["bad stop bits", (b: Buffer) => flip(b, b.length - 1, 0xff)],
    ["bad start bits", (b: Buffer) => flip(b, 0, 0xff)],
    ["wrong length", (b: Buffer) => flip(b, 2, 0x01)],
  ])("rejects %s", (_name, corrupt) => {
    const b = hex(CONCOX_GPS_12);
    corrupt(b);
    expect(decodeGt06Frame(b, null).ok).toBe(false);
  });
});

describe("createGt06Session", () => {
  it("learns the IMEI from login and stamps later packets with it", () => {
    const s = createGt06Session();
    const out = s.push(Buffer.concat([hex(DEVICE_LOGIN), hex(DEVICE_GPS_12), hex(DEVICE_STATUS)]));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => [m.kind, m.imei])).toEqual([
      ["login", "355488000035363"],
      ["position", "355488000035363"],
      ["heartbeat", "355488000035363"],
    ]);
    expect(out.replies).toHaveLength(2); // login + heartbeat; GPS packets are not answered
    expect(s.imei()).toBe("355488000035363");
  });

  it("reassembles byte-by-byte input", () => {
    const s = createGt06Session();
    const kinds: string[] = [];
    for (const byte of Buffer.concat([hex(CONCOX_LOGIN), hex(CONCOX_ALARM)])) {
      const out = s.push(Buffer.from([byte]));
      expect(out.error).toBeNull();
      kinds.push(...out.messages.map((m) => m.kind));
    }
    expect(kinds).toEqual(["login", "alarm"]);
  });

  it("refuses positions before login unless anonymous", () => {
    expect(createGt06Session().push(hex(CONCOX_GPS_12)).error).toMatch(/before login/);
    const out = createGt06Session({ allowAnonymous: true }).push(hex(CONCOX_GPS_12));
    expect(out.messages[0]?.imei).toBeNull();
  });

  it("fails on garbage and stays failed", () => {
    const s = createGt06Session();
    expect(s.push(Buffer.from("GET / HTTP/1.1\r\n")).error).toMatch(/start bits/);
    expect(s.push(hex(CONCOX_LOGIN)).messages).toEqual([]);
  });

  it("rejects an extended frame larger than the limit as soon as the header arrives", () => {
    const s = createGt06Session({ maxFrameBytes: 1024 });
    expect(s.push(hex("7979FFFF")).error).toMatch(/exceeds/);
    expect(s.buffered()).toBe(0);
  });
});

describe("Concox multi-cell (0x28) and Wi-Fi (0x2C) packets", () => {
  const ts = Date.UTC(2026, 10, 24, 9, 30, 0);
  const serving = { mcc: 214, mnc: 7, lac: 0x1a2b, cellId: 0x0c3d4e, rssi: 0x32 };

  it("0x2C: the serving and neighbour cells, and the access points with their signal", () => {
    const frame = encodeGt06Wifi(
      ts,
      serving,
      [
        { lac: 0x1a2b, cellId: 0x0c3d4f, rssi: 0x28 },
        { lac: 0x1a2c, cellId: 0x000101, rssi: 0x20 },
      ],
      [
        { mac: "aa:bb:cc:00:00:01", rssi: -55 },
        { mac: "02:11:22:33:44:55", rssi: -71 },
      ],
      7,
    );
    const m = ok(decodeGt06Frame(frame, "123456789012345"));
    expect(m.kind).toBe("lbs");
    expect(m.ts).toBe(ts);
    expect(m.cells).toEqual([
      { mcc: 214, mnc: 7, lac: 0x1a2b, cid: 0x0c3d4e, rssi: 0x32 },
      { mcc: 214, mnc: 7, lac: 0x1a2b, cid: 0x0c3d4f, rssi: 0x28 },
      { mcc: 214, mnc: 7, lac: 0x1a2c, cid: 0x000101, rssi: 0x20 },
    ]);
    expect(m.wifi).toEqual([
      { mac: "aa:bb:cc:00:00:01", rssi: -55 },
      { mac: "02:11:22:33:44:55", rssi: -71 },
    ]);
    expect(m.ack ?? null).toBeNull();
  });

  it("0x28: the same cells, no Wi-Fi; empty neighbour slots are skipped", () => {
    const wifi = encodeGt06Wifi(ts, serving, [], [], 8);
    // The same layout under protocol 0x28, without the Wi-Fi count (timing advance and language instead).
    const content = wifi.subarray(4, 4 + 6 + 8 + 1 + 36);
    const frame = encodeGt06Frame(0x28, Buffer.concat([content, Buffer.from([0x00, 0x00, 0x02])]), 8);
    const m = ok(decodeGt06Frame(frame, "123456789012345"));
    expect(m.cells).toEqual([{ mcc: 214, mnc: 7, lac: 0x1a2b, cid: 0x0c3d4e, rssi: 0x32 }]);
    expect(m.wifi).toBeUndefined();
    expect(m.attributes).toMatchObject({ mcc: 214, mnc: 7, lac: 0x1a2b, cid: 0x0c3d4e, rssi: 0x32 });
  });

  it("a packet cut short after the serving cell still gives the serving cell", () => {
    const wifi = encodeGt06Wifi(ts, serving, [], [], 9);
    const frame = encodeGt06Frame(0x2c, wifi.subarray(4, 4 + 6 + 8 + 1), 9);
    const m = ok(decodeGt06Frame(frame, "123456789012345"));
    expect(m.cells).toHaveLength(1);
  });
});
