import { describe, expect, it } from "vitest";
import { WATCH_LK_DOC } from "../fixtures.ts";
import {
  createWatchSession,
  decodeWatchFrame,
  encodeWatchAlarm,
  encodeWatchPosition,
  WATCH_STATUS,
  watchFrame,
} from "./codec.ts";

const decode = (frame: Buffer | string) => {
  const res = decodeWatchFrame(Buffer.from(frame));
  if (!res.ok) throw new Error(res.error);
  return res.value;
};
const T = Date.UTC(2024, 4, 20, 15, 45, 30);
const cells = [
  { mcc: 214, mnc: 1, lac: 28660, cid: 11791, rssi: 148 },
  { mcc: 214, mnc: 1, lac: 28660, cid: 11793, rssi: 139 },
];
const wifi = [
  { mac: "1c:fa:68:13:a5:b4", rssi: -61 },
  { mac: "00:9a:cd:a0:31:0e", rssi: -75 },
];
const report = {
  fix: {
    timeMs: T,
    lat: 41.387917,
    lng: 2.169919,
    speedKmh: 4.2,
    course: 123,
    altitude: 12,
    satellites: 7,
    valid: true,
  },
  batteryPct: 64,
  gsm: 80,
  steps: 5230,
  cells,
  wifi,
};

describe("watch decoder", () => {
  it("answers the document's LK keep-alive with [SG*id*0002*LK]", () => {
    expect(decode(WATCH_LK_DOC)).toMatchObject({
      kind: "heartbeat",
      imei: "8800000015",
      ack: Buffer.from(WATCH_LK_DOC),
    });
    expect(decode("[3G*8800000015*000B*LK,120,0,87]")).toMatchObject({
      attributes: { steps: 120, tumbles: 0, batteryLevel: 87 },
      ack: Buffer.from("[3G*8800000015*0002*LK]"),
    });
  });

  it("decodes a UD position (decimal degrees, km/h) with its cell towers and Wi-Fi access points", () => {
    const m = decode(encodeWatchPosition("SG", "8800000015", report));
    expect(m).toMatchObject({ kind: "position", ack: null, cells, wifi });
    expect(m.positions[0]).toMatchObject({
      ts: T,
      lat: 41.387917,
      lng: 2.169919,
      spd: 4.2,
      course: 123,
      alt: 12,
      satt: 7,
      src: 1,
    });
    expect(m.positions[0]?.attributes).toEqual({
      status: 0,
      batteryLevel: 64,
      rssi: 80,
      steps: 5230,
      tumbles: 0,
    });
  });

  it("marks UD2 as history and keeps an indoor frame (V at 0,0) as towers and access points only", () => {
    expect(
      decode(encodeWatchPosition("SG", "8800000015", report, "UD2")).positions[0]?.attributes.archive,
    ).toBe(true);
    const indoor = { ...report, fix: { ...report.fix, valid: false, lat: 0, lng: 0 }, cells: [] };
    const m = decode(encodeWatchPosition("3G", "8800000015", indoor, "UD_LTE"));
    expect(m).toMatchObject({ kind: "lbs", positions: [], wifi });
    expect(m.cells).toBeUndefined();
  });

  it.each([
    ["sos", WATCH_STATUS.sos],
    ["lowBattery", WATCH_STATUS.lowBattery],
    ["tamper", WATCH_STATUS.tamper],
    ["fall", WATCH_STATUS.fall],
  ])("answers an AL alarm and maps the %s status bit", (event, status) => {
    const m = decode(encodeWatchAlarm("SG", "8800000015", { ...report, status }));
    expect(m).toMatchObject({ kind: "alarm", ack: Buffer.from("[SG*8800000015*0002*AL]") });
    expect(m.positions[0]?.attributes.event).toBe(event);
  });

  it.each([
    ["length mismatch", "[SG*8800000015*0003*LK]"],
    ["bad MAC", watchFrame("SG", "1", "UD,200524,154530,A,1,N,1,E,0,0,0,0,0,0,0,0,00000000,0,1,x,zz,-1")],
    ["bad date", watchFrame("SG", "1", "UD,320524,154530,A,1,N,1,E,0,0,0,0,0,0,0,0,00000000,0,0")],
  ])("rejects %s", (_n, frame) => expect(decodeWatchFrame(Buffer.from(frame)).ok).toBe(false));
});

describe("watch session", () => {
  it("frames by the length field, even when content holds ] or *", () => {
    const s = createWatchSession();
    const odd = watchFrame("SG", "8800000015", "TXT,a]b*c");
    const out = s.push(Buffer.concat([odd, Buffer.from(WATCH_LK_DOC)]));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => m.kind)).toEqual(["unknown", "heartbeat"]);
    expect(s.push(Buffer.from("[SG*88")).messages).toEqual([]);
    expect(s.buffered()).toBe(6);
    expect(s.push(Buffer.from("!")).error).toMatch(/not a watch frame/);
  });
});
