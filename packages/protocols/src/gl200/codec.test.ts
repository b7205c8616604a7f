import { describe, expect, it } from "vitest";
import { GL300_POWER_ON_DOC, GL300_REPORT_DOC } from "../fixtures.ts";
import { createGl200Session, decodeGl200Frame, encodeGl200Heartbeat, encodeGl200Report } from "./codec.ts";

const decode = (frame: Buffer | string) => {
  const res = decodeGl200Frame(Buffer.from(frame));
  if (!res.ok) throw new Error(res.error);
  return res.value;
};
const T = Date.UTC(2024, 8, 10, 6, 15, 0);
const fix = (i: number) => ({
  timeMs: T + i * 30_000,
  lat: -23.5505 + i / 1000,
  lng: -46.6333,
  speedKmh: 55.5,
  course: 270,
  altitude: 760,
  accuracy: 1,
});
const options = {
  cell: { mcc: 724, mnc: 5, lac: 0x1a2b, cid: 0x3c4d },
  odometerKm: 1234.5,
  sendMs: T + 60_000,
  count: 0x2a,
};

describe("GL200 (@Track) decoder", () => {
  it("decodes the document's report: signed decimal degrees, km/h, UTC, the cell, the odometer", () => {
    const m = decode(GL300_REPORT_DOC);
    expect(m).toMatchObject({ kind: "position", imei: "135790246811220", ack: null });
    expect(m.positions).toHaveLength(1);
    expect(m.positions[0]).toMatchObject({
      ts: Date.UTC(2009, 1, 14, 1, 32, 54),
      lat: 31.222073,
      lng: 121.354335,
      spd: 4.3,
      course: 92,
      alt: 70,
      valid: true,
      attributes: { report: "GTDOG", hdop: 1, odometer: 2_000_000 },
    });
    expect(m.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x18d8, cid: 0x6141, rssi: null }]);
  });

  it("keeps a report without a position (the document's power-on) as a message", () => {
    expect(decode(GL300_POWER_ON_DOC)).toMatchObject({
      kind: "unknown",
      positions: [],
      attributes: { report: "GTPNA" },
    });
  });

  it("decodes every block of a multi-fix GTFRI and marks +BUFF as history (built frames)", () => {
    const m = decode(
      encodeGl200Report("862894020178276", [fix(0), fix(1), fix(2)], { ...options, buffered: true }),
    );
    expect(m.positions.map((p) => p.ts)).toEqual([0, 1, 2].map((i) => fix(i).timeMs));
    expect(m.positions[2]).toMatchObject({
      lng: -46.6333,
      spd: 55.5,
      course: 270,
      attributes: { archive: true, odometer: 1_234_500 },
    });
    expect(m.positions[2]?.lat).toBeCloseTo(-23.5485, 6);
  });

  it.each([
    ["GTSOS", "sos"],
    ["GTSPD", "overspeed"],
    ["GTEPF", "powerCut"],
    ["GTBPL", "lowBattery"],
  ])("maps %s to %s", (type, event) => {
    const m = decode(encodeGl200Report("862894020178276", [fix(0)], { ...options, type }));
    expect(m.kind).toBe("alarm");
    expect(m.positions[0]?.attributes.event).toBe(event);
  });

  it("answers the heartbeat with +SACK:GTHBD and the same count; no fix (accuracy 0) is src 2", () => {
    expect(decode(encodeGl200Heartbeat("862894020178276", T, 0x11f0))).toMatchObject({
      kind: "heartbeat",
      ack: Buffer.from("+SACK:GTHBD,1A0102,11F0$"),
    });
    const m = decode(encodeGl200Report("862894020178276", [{ ...fix(0), accuracy: 0 }], options));
    expect(m.positions[0]).toMatchObject({ valid: false, src: 2 });
  });

  it.each(["+RESP:GTFRI,1A0102,1 2,,0$", "+RESP:GTFRI,x,135790246811220,,11F0$", "RESP:GTFRI$"])(
    "rejects %s",
    (frame) => expect(decodeGl200Frame(Buffer.from(frame)).ok).toBe(false),
  );
});

describe("GL200 session", () => {
  it("frames reports and heartbeats and answers the heartbeat", () => {
    const s = createGl200Session();
    const out = s.push(
      Buffer.concat([
        encodeGl200Report("862894020178276", [fix(0)], options),
        encodeGl200Heartbeat("862894020178276", T, 7),
      ]),
    );
    expect(out.error).toBeNull();
    expect(out.replies.map(String)).toEqual(["+SACK:GTHBD,1A0102,0007$"]);
    expect(s.imei()).toBe("862894020178276");
  });
});
