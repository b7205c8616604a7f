import { describe, expect, it } from "vitest";
import {
  createEelinkSession,
  decodeEelinkPackage,
  eelinkAck,
  encodeEelinkFix,
  encodeEelinkHeartbeat,
  encodeEelinkLogin,
} from "./codec.ts";

const IMEI = "352544071750518";
const fix = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: -33.4489,
  lng: -70.6693,
  altitude: 0,
  speedKmh: 72,
  course: 291,
  satellites: 0,
  valid: true,
};

describe("Eelink", () => {
  it("reads back what the encoder wrote, answered with the PID and the sequence", () => {
    const cell = { mcc: 730, mnc: 1, lac: 4321, cid: 0xabcdef };
    const res = decodeEelinkPackage(encodeEelinkFix(0x1234, fix, { cell }), IMEI);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value).toMatchObject({ kind: "position", imei: IMEI, cells: [{ ...cell, rssi: null }] });
    expect(res.value.positions[0]).toMatchObject({
      ts: fix.timeMs,
      spd: 72,
      course: 291,
      valid: true,
      src: 1,
    });
    expect(res.value.positions[0]?.lat).toBeCloseTo(fix.lat, 6);
    expect(res.value.positions[0]?.lng).toBeCloseTo(fix.lng, 6);
    expect(res.value.ack?.toString("hex")).toBe("67670200021234");
  });

  it("reads the log-in's IMEI, an alarm's code and a heartbeat's status", () => {
    const login = decodeEelinkPackage(encodeEelinkLogin(IMEI, 1), null);
    expect(login.ok && login.value).toMatchObject({ kind: "login", imei: IMEI });
    expect(login.ok && login.value.ack?.toString("hex")).toBe("67670100020001");
    const alarm = decodeEelinkPackage(
      encodeEelinkFix(2, { ...fix, valid: false }, { alarmCode: 0x83 }),
      IMEI,
    );
    expect(alarm.ok && alarm.value).toMatchObject({ kind: "alarm", attributes: { alarmCode: 0x83 } });
    expect(alarm.ok && alarm.value.positions[0]).toMatchObject({ valid: false, src: 2 });
    expect(alarm.ok && alarm.value.cells).toBeUndefined();
    const heartbeat = decodeEelinkPackage(encodeEelinkHeartbeat(3, 0x6e), IMEI);
    expect(heartbeat.ok && heartbeat.value).toMatchObject({
      kind: "heartbeat",
      attributes: { status: 0x6e },
    });
  });

  it("reads a 2.0 location's GPS and cell blocks and its fields; one without GPS is a cell-only message", () => {
    const gps = decodeEelinkPackage(
      Buffer.from(
        "676712002d066c592cca6803002631a60b22127700240046005c08020d000301af000da0fd12007f11ce05820000001899c0",
        "hex",
      ),
      IMEI,
    );
    expect(gps.ok && gps.value.positions[0]).toMatchObject({
      alt: 36,
      spd: 70,
      course: 92,
      satt: 8,
      valid: true,
    });
    // Only the status of the tail: the other fields' units are not confirmed, so nothing reads them as a mileage.
    expect(gps.ok && gps.value.positions[0]?.attributes).toEqual({ status: 0x7f });
    expect(gps.ok && gps.value.cells).toEqual([{ mcc: 525, mnc: 3, lac: 431, cid: 0xda0fd, rssi: 0x12 }]);
    const cell = decodeEelinkPackage(
      Buffer.from("676712001e0092579714d60201f90001785003a301cd1a006a118504f2000000000000", "hex"),
      IMEI,
    );
    expect(cell.ok && cell.value).toMatchObject({ kind: "lbs", positions: [], ts: 0x579714d6 * 1000 });
    expect(cell.ok && cell.value.cells).toEqual([
      { mcc: 505, mnc: 1, lac: 0x7850, cid: 0x3a301cd, rssi: 0x1a },
    ]);
    // A Wi-Fi block (mask bit 4) is not read: the package is kept whole.
    const wifi = decodeEelinkPackage(
      Buffer.from(
        "6767120048000559c1829213059a7400008e277d000c000000000800cc00080d2a000034df3cf0b429dd82cad3048910320000000000007b7320d005ba0000000019a000000000000000000000",
        "hex",
      ),
      IMEI,
    );
    expect(wifi.ok && wifi.value.undecoded).toEqual({
      offset: 11,
      reason: "eelink: location blocks 0x13 not read",
    });
  });

  it("refuses a size that disagrees with the package and a log-in whose IMEI is no BCD", () => {
    const good = encodeEelinkFix(1, fix);
    expect(decodeEelinkPackage(Buffer.concat([good, Buffer.from([0])]), IMEI)).toEqual({
      ok: false,
      error: "eelink: size mismatch",
    });
    const login = encodeEelinkLogin(IMEI, 1);
    login[8] = 0xab;
    expect(decodeEelinkPackage(login, null)).toEqual({ ok: false, error: "eelink: IMEI is not BCD" });
  });

  it("keeps packages it cannot read whole as undecoded, still answered", () => {
    // A terminal state package (0x05): a fix block followed by state fields.
    const state = Buffer.from(
      "6767050020213b59c6aecdff41dce70b8b977d00000001fe000a36e30078fe010159c6aecd",
      "hex",
    );
    const res = decodeEelinkPackage(state, IMEI);
    expect(res.ok && res.value.undecoded).toEqual({ offset: 7, reason: "eelink: package 0x5 not read" });
    expect(res.ok && res.value.positions).toEqual([]);
    expect(res.ok && res.value.raw).toBe(state);
    expect(res.ok && res.value.ack?.toString("hex")).toBe(eelinkAck(5, 0x213b).toString("hex"));
    // A GPS package with fields after its status.
    const extra = Buffer.from(
      "676702002509f65868507603a1e92e03cf90fe000000019f000117ee00111e0120631145003101510000",
      "hex",
    );
    const more = decodeEelinkPackage(extra, IMEI);
    expect(more.ok && more.value.undecoded).toEqual({
      offset: 32,
      reason: "eelink: fields after the fix not read",
    });
    expect(more.ok && more.value.ack?.toString("hex")).toBe("676702000209f6");
  });

  it("takes packages split anywhere after the log-in, refuses data before it and another device's log-in", () => {
    const all = Buffer.concat([
      encodeEelinkLogin(IMEI, 1),
      encodeEelinkFix(2, fix),
      encodeEelinkHeartbeat(3, 1),
      encodeEelinkFix(4, fix, { alarmCode: 2 }),
    ]);
    for (const cut of [1, 2, 5, 7, 18, 20, 40, all.length - 1]) {
      const s = createEelinkSession();
      const a = s.push(all.subarray(0, cut));
      const b = s.push(all.subarray(cut));
      expect(a.error ?? b.error).toBeNull();
      expect([...a.messages, ...b.messages].map((m) => m.imei)).toEqual([IMEI, IMEI, IMEI, IMEI]);
      expect([...a.replies, ...b.replies].map((r) => r.toString("hex"))).toEqual([
        "67670100020001",
        "67670200020002",
        "67670300020003",
        "67670400020004",
      ]);
    }
    expect(createEelinkSession().push(encodeEelinkFix(1, fix)).error).toBe("data before login");
    const s = createEelinkSession();
    s.push(encodeEelinkLogin(IMEI, 1));
    expect(s.push(encodeEelinkLogin("352544071750519", 2)).error).toBe("eelink: log-in of another device");
    expect(createEelinkSession().push(Buffer.from("6868", "hex")).error).toBe("eelink: bad mark");
  });
});
