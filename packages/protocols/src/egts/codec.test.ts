import { describe, expect, it } from "vitest";
import { crc8Egts, crc16CcittFalse } from "../shared/crc.ts";
import {
  createEgtsSession,
  decodeEgtsPacket,
  encodeEgtsDeviceResponse,
  encodeEgtsPositions,
  readEgtsServerPacket,
} from "./codec.ts";
import { EGTS_CONVERSATION, EGTS_IMEI, EGTS_TID } from "./fixtures.ts";
import { egtsPacketSize, PT_APPDATA, PT_RESPONSE, writeEgtsPacket, writeEgtsRecord } from "./frame.ts";
import { encodeTeledata } from "./teledata.ts";

const fix = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: -33.4489,
  lng: -70.6693,
  altitude: -15,
  speedKmh: 87.3,
  course: 291,
  satellites: 12,
  valid: true,
  ignition: true,
};

describe("EGTS checksums", () => {
  it("CRC-8 (poly 0x31, init 0xFF) and CRC-16/CCITT-FALSE give their check values", () => {
    const check = Buffer.from("123456789", "ascii");
    expect(crc8Egts(check)).toBe(0xf7);
    expect(crc16CcittFalse(check)).toBe(0x29b1);
  });

  it("refuses a packet whose header or data CRC is wrong, and encrypted data", () => {
    const good = encodeEgtsPositions(EGTS_TID, 7, [fix]);
    const badHeader = Buffer.from(good);
    badHeader[10] = badHeader[10]! ^ 1;
    expect(decodeEgtsPacket(badHeader)).toEqual({ ok: false, error: "egts: header CRC mismatch" });
    const badData = Buffer.from(good);
    badData[20] = badData[20]! ^ 1;
    expect(decodeEgtsPacket(badData)).toEqual({ ok: false, error: "egts: data CRC mismatch" });
    const encrypted = Buffer.from(good);
    encrypted[2] = 0x08;
    encrypted[10] = crc8Egts(encrypted, 0, 10);
    expect(decodeEgtsPacket(encrypted)).toEqual({ ok: false, error: "egts: encrypted or compressed data" });
  });
});

describe("EGTS messages", () => {
  it("reads back what the encoder wrote: southern and western hemispheres, course above 255, altitude below 0", () => {
    const res = decodeEgtsPacket(encodeEgtsPositions(EGTS_TID, 9, [{ ...fix, odometerM: 45_600 }], true));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const [p] = res.value.message.positions;
    expect(p).toMatchObject({
      ts: fix.timeMs,
      alt: -15,
      spd: 87.3,
      course: 291,
      satt: 12,
      valid: true,
      src: 1,
    });
    expect(p?.lat).toBeCloseTo(-33.4489, 6);
    expect(p?.lng).toBeCloseTo(-70.6693, 6);
    expect(p?.attributes).toMatchObject({ archive: true, odometer: 45_600, input: 1, motion: true });
    expect(res.value.message.imei).toBe(String(EGTS_TID));
  });

  it("a log-in is answered with the response and the result code; then the records are confirmed by number", () => {
    const s = createEgtsSession();
    const login = s.push(EGTS_CONVERSATION.hello);
    expect(login.error).toBeNull();
    expect(s.imei()).toBe(EGTS_IMEI);
    expect(login.messages[0]?.kind).toBe("login");
    const [reply] = login.replies;
    const response = reply!.subarray(0, egtsPacketSize(reply!));
    expect(readEgtsServerPacket(response)).toEqual({ id: 0, type: PT_RESPONSE, answers: 1, resultCodes: [] });
    expect(readEgtsServerPacket(reply!.subarray(response.length))).toMatchObject({
      type: PT_APPDATA,
      resultCodes: [0],
    });
    const data = s.push(EGTS_CONVERSATION.frames[2]!);
    expect(data.messages[0]?.imei).toBe(EGTS_IMEI);
    expect(data.messages[0]?.positions).toHaveLength(2);
    // Response data: answered packet 4, result 0, then two record responses confirming records 4 and 5.
    const body = data.replies[0]!.subarray(11, -2);
    expect(body.readUInt16LE(0)).toBe(4);
    expect(body.readUInt8(2)).toBe(0);
    expect([body.readUInt16LE(3 + 7 + 3), body.readUInt16LE(3 + 13 + 7 + 3)]).toEqual([4, 5]);
  });

  it("the device's response to the server is answered with nothing", () => {
    const s = createEgtsSession();
    const reply = s.push(EGTS_CONVERSATION.hello).replies[0]!;
    const resultPacket = reply.subarray(egtsPacketSize(reply));
    const answer = encodeEgtsDeviceResponse(resultPacket, 3)!;
    const out = s.push(answer);
    expect(out.error).toBeNull();
    expect(out.replies).toEqual([]);
    expect(out.messages[0]?.kind).toBe("heartbeat");
  });

  it("refuses data before a log-in on a real socket, and a record of another object", () => {
    const anonymous = createEgtsSession().push(encodeEgtsPositions(EGTS_TID, 1, [fix]));
    expect(anonymous.error).toBeNull();
    // An object id names the device even without a log-in.
    const s = createEgtsSession();
    s.push(EGTS_CONVERSATION.hello);
    const other = s.push(encodeEgtsPositions(EGTS_TID + 1, 2, [fix]));
    expect(other.error).toBe(`egts: record of another object ${EGTS_TID + 1}`);
    const noId = writeEgtsPacket(1, PT_APPDATA, writeEgtsRecord(1, 2, 2, encodeTeledata(fix, false)));
    expect(createEgtsSession().push(noId).error).toBe("egts: data before the log-in");
    expect(createEgtsSession({ allowAnonymous: true }).push(noId).messages[0]?.positions).toHaveLength(1);
  });

  it("keeps a record of a service it does not read as undecoded, and still answers it", () => {
    const record = writeEgtsRecord(3, 4, 4, [{ type: 51, data: Buffer.from("0102", "hex") }], EGTS_TID);
    const res = decodeEgtsPacket(writeEgtsPacket(5, PT_APPDATA, record));
    expect(res.ok && res.value.message.undecoded).toEqual({
      offset: 0,
      reason: "egts: record 3 of service 4",
    });
    expect(res.ok && res.value.message.ack !== null).toBe(true);
  });

  it("waits for a packet split anywhere and takes two in one chunk", () => {
    const all = Buffer.concat([EGTS_CONVERSATION.hello, ...EGTS_CONVERSATION.frames]);
    for (const cut of [1, 5, 11, 12, 40, all.length - 1]) {
      const s = createEgtsSession();
      const a = s.push(all.subarray(0, cut));
      const b = s.push(all.subarray(cut));
      expect(a.error ?? b.error).toBeNull();
      expect([...a.messages, ...b.messages].flatMap((m) => m.positions)).toHaveLength(4);
    }
  });
});
