import { describe, expect, it } from "vitest";
import {
  cellocatorAck,
  createCellocatorSession,
  decodeCellocatorStatus,
  encodeCellocatorStatus,
  readCellocatorAck,
} from "./codec.ts";

const fix = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: -33.4489,
  lng: -70.6693,
  altitude: 512.5,
  speedKmh: 72,
  course: 291,
  satellites: 9,
  valid: true,
  ignition: true,
};

describe("Cellocator", () => {
  it("builds the acknowledgement of the public test vector byte for byte", () => {
    // The public test data of the Drivetech cellocator-parser project (test/test.js): unit 836522, command 1, message 80.
    expect(cellocatorAck(836522, 80, 1).toString("hex")).toBe(
      "4d43475004aac30c00010000000000500000000000000000000000ce",
    );
    expect(readCellocatorAck(cellocatorAck(836522, 80, 1))).toEqual({ unitId: 836522, numerator: 80 });
  });

  it("reads back what the encoder wrote: southern and western hemispheres, speed, course and altitude", () => {
    const res = decodeCellocatorStatus(encodeCellocatorStatus(4242, 17, fix));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const [p] = res.value.positions;
    expect(p).toMatchObject({ ts: fix.timeMs, satt: 9, valid: true, src: 1, course: 291 });
    expect(p?.lat).toBeCloseTo(fix.lat, 6);
    expect(p?.lng).toBeCloseTo(fix.lng, 6);
    expect(p?.alt).toBeCloseTo(512.5, 2);
    expect(p?.spd).toBeCloseTo(72, 2);
    expect(res.value.imei).toBe("4242");
    expect(readCellocatorAck(res.value.ack!)).toEqual({ unitId: 4242, numerator: 17 });
  });

  it("a unit without a navigation solution (mode 1 below 3) reports an invalid fix", () => {
    const res = decodeCellocatorStatus(encodeCellocatorStatus(1, 1, { ...fix, valid: false }));
    expect(res.ok && res.value.positions[0]?.valid).toBe(false);
  });

  it("refuses a wrong checksum and a date that does not exist", () => {
    const bad = encodeCellocatorStatus(1, 1, fix);
    bad[30] = bad[30]! ^ 1;
    expect(decodeCellocatorStatus(bad)).toEqual({ ok: false, error: "cellocator: checksum mismatch" });
    const feb31 = encodeCellocatorStatus(1, 1, fix);
    feb31.writeUInt8(2, 66);
    feb31.writeUInt8(31, 65);
    let sum = 0;
    for (let i = 4; i < 69; i++) sum += feb31[i]!;
    feb31[69] = sum & 0xff;
    expect(decodeCellocatorStatus(feb31)).toEqual({ ok: false, error: "cellocator: bad time" });
  });

  it("acknowledges each message with its numerator and the connection's command numerator, split anywhere", () => {
    const all = Buffer.concat([1, 2, 3].map((n) => encodeCellocatorStatus(77, n, fix)));
    for (const cut of [1, 4, 5, 69, 70, 100]) {
      const s = createCellocatorSession();
      const a = s.push(all.subarray(0, cut));
      const b = s.push(all.subarray(cut));
      expect(a.error ?? b.error).toBeNull();
      const replies = [...a.replies, ...b.replies];
      expect(replies.map((r) => [r[9], readCellocatorAck(r)?.numerator])).toEqual([
        [0, 1],
        [1, 2],
        [2, 3],
      ]);
    }
  });

  it("ends the connection on a message type it does not read, and on another unit's message", () => {
    const other = Buffer.from(encodeCellocatorStatus(5, 1, fix));
    other[4] = 11;
    expect(createCellocatorSession().push(other).error).toBe("cellocator: message type 11 not read");
    const s = createCellocatorSession();
    s.push(encodeCellocatorStatus(5, 1, fix));
    expect(s.push(encodeCellocatorStatus(6, 2, fix)).error).toBe("cellocator: message of another unit");
    expect(createCellocatorSession().push(Buffer.from("GET / HTTP/1.1")).error).toBe(
      "cellocator: no system code",
    );
  });
});
