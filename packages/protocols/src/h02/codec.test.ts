import { describe, expect, it } from "vitest";
import { H02_BINARY_CAPTURE, H02_V4_CAPTURE, hex } from "../fixtures.ts";
import {
  createH02Session,
  decodeH02Frame,
  encodeH02Binary,
  encodeH02Cells,
  encodeH02Heartbeat,
  encodeH02Position,
  h02Status,
} from "./codec.ts";

const T = Date.UTC(2024, 5, 1, 8, 30, 15);
const fix = { timeMs: T, lat: -33.8688, lng: -70.6693, speedKmh: 37.04, course: 181, valid: true };

describe("H02 decoder", () => {
  it("decodes the binary capture: BCD time, ddmm.mmmm coordinates, knots, flags and status", () => {
    const res = decodeH02Frame(hex(H02_BINARY_CAPTURE));
    expect(res.ok && res.value).toMatchObject({ kind: "position", imei: "0000000000", ack: null });
    const p = res.ok ? res.value.positions[0] : undefined;
    expect(p).toMatchObject({ ts: Date.UTC(2020, 9, 14, 7, 52, 34), course: 118, valid: true, src: 1 });
    expect(p?.lat).toBeCloseTo(52 + 24.7349 / 60, 6);
    expect(p?.lng).toBeCloseTo(12 + 33.2841 / 60, 6);
    expect(p?.spd).toBe(3.7); // 2 knots
    // FFFF7BFF: bit 10 (ACC off, negative logic) is 0 → ignition off; no alarm bit active.
    expect(p?.attributes).toEqual({ status: "ffff7bff", ignition: false });
  });

  it("decodes the V4 capture: the fix after the command's parameters, and the serving cell", () => {
    const res = decodeH02Frame(Buffer.from(H02_V4_CAPTURE));
    if (!res.ok) throw new Error(res.error);
    expect(res.value.kind).toBe("commandResult");
    expect(res.value.attributes).toEqual({ command: "D1", result: "D1,60,65535,075244" });
    expect(res.value.positions[0]).toMatchObject({
      ts: Date.UTC(2020, 9, 14, 7, 52, 42),
      spd: 0,
      course: 307,
    });
    expect(res.value.positions[0]?.lat).toBeCloseTo(52 + 24.7385 / 60, 6);
    expect(res.value.cells).toEqual([{ mcc: 262, mnc: 1, lac: 14082, cid: 51348, rssi: null }]);
  });

  it.each([
    ["sos", "sos"],
    ["powerCut", "powerCut"],
    ["overspeed", "overspeed"],
  ] as const)("maps the %s status bit (built frame, southern/western hemisphere)", (alarm, event) => {
    const res = decodeH02Frame(encodeH02Position("4106000054", fix, h02Status({ ignition: true, alarm })));
    if (!res.ok) throw new Error(res.error);
    expect(res.value.kind).toBe("alarm");
    const p = res.value.positions[0];
    expect(p).toMatchObject({ ts: T, course: 181, valid: true, attributes: { event, ignition: true } });
    expect(p?.lat).toBeCloseTo(-33.8688, 4);
    expect(p?.lng).toBeCloseTo(-70.6693, 4);
    expect(p?.spd).toBeCloseTo(37.04, 1);
  });

  it("treats V (no fix) as src 2, empty speed and course as 0, HTBT as a heartbeat", () => {
    const frame = `*HQ,4106000054,V1,083015,V,3352.1280,S,07040.1580,W,,,010624,FFFFFBFF#`;
    const res = decodeH02Frame(Buffer.from(frame));
    expect(res.ok && res.value.positions[0]).toMatchObject({ valid: false, src: 2, spd: 0, course: 0 });
    expect(decodeH02Frame(encodeH02Heartbeat("4106000054"))).toMatchObject({
      ok: true,
      value: { kind: "heartbeat", imei: "4106000054", ack: null },
    });
  });

  it("decodes NBR cell lists without a position", () => {
    const cells = [
      { mcc: 214, mnc: 7, lac: 2801, cid: 19041, rssi: 41 },
      { mcc: 214, mnc: 7, lac: 2801, cid: 19042, rssi: 30 },
    ];
    const res = decodeH02Frame(encodeH02Cells("4106000054", T, cells, h02Status({ ignition: false })));
    if (!res.ok) throw new Error(res.error);
    expect(res.value).toMatchObject({
      kind: "lbs",
      positions: [],
      cells,
      cell: { ts: T, lac: 2801, cid: 19041 },
    });
  });

  it.each([
    ["no terminator", "*HQ,1,V1,1"],
    ["bad hemisphere", "*HQ,1,V1,083015,A,3352.1280,X,07040.1580,W,1,1,010624,FFFFFBFF#"],
    ["minutes over 60", "*HQ,1,V1,083015,A,3372.1280,N,07040.1580,W,1,1,010624,FFFFFBFF#"],
    ["31 February", "*HQ,1,V1,083015,A,3352.1280,N,07040.1580,W,1,1,310224,FFFFFBFF#"],
    ["bad id", "*HQ,a b,V1#"],
  ])("rejects %s", (_n, frame) => {
    expect(decodeH02Frame(Buffer.from(frame)).ok).toBe(false);
  });
});

describe("H02 session", () => {
  it("frames text and binary frames together, a binary frame ending where the next one starts", () => {
    const s = createH02Session();
    const binary = encodeH02Binary("4106000054", fix, h02Status({ ignition: true }), Buffer.from([0, 1, 2]));
    const text = encodeH02Position("4106000054", fix, h02Status({ ignition: true }));
    const first = s.push(Buffer.concat([binary, binary, text, Buffer.from("\r\n")]));
    expect(first.error).toBeNull();
    expect(first.messages.map((m) => m.positions.length)).toEqual([1, 1, 1]);
    expect(first.messages[0]?.positions[0]).toMatchObject({ ts: T, course: 181, spd: 37.04 });
    // A lone binary frame waits for the next one (or the end of the stream).
    expect(s.push(binary).messages).toEqual([]);
    expect(s.end().messages).toHaveLength(1);
    expect(s.imei()).toBe("4106000054");
  });

  it("refuses a frame of another device on the same connection", () => {
    const s = createH02Session();
    s.push(encodeH02Heartbeat("4106000054"));
    expect(s.push(encodeH02Heartbeat("4106000055")).error).toMatch(/another device/);
  });
});
