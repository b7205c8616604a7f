import { describe, expect, it } from "vitest";
import { GPS103_HEARTBEAT_DOC, GPS103_LOGON_DOC, GPS103_REPORT_DOC } from "../fixtures.ts";
import { createGps103Session, decodeGps103Frame, encodeGps103Report } from "./codec.ts";

const decode = (text: string) => {
  const res = decodeGps103Frame(Buffer.from(text));
  if (!res.ok) throw new Error(res.error);
  return res.value;
};

describe("GPS103 decoder", () => {
  it("answers the document's log-on with LOAD and heartbeat with ON", () => {
    expect(decode(GPS103_LOGON_DOC)).toMatchObject({
      kind: "login",
      imei: "359586015829802",
      ack: Buffer.from("LOAD"),
    });
    expect(decode(GPS103_HEARTBEAT_DOC)).toMatchObject({
      kind: "heartbeat",
      imei: "359586015829802",
      ack: Buffer.from("ON"),
    });
  });

  it("decodes the document's report: UTC time with the local date, knots → km/h, no answer", () => {
    const m = decode(GPS103_REPORT_DOC);
    expect(m).toMatchObject({ kind: "position", imei: "359587010124900", ack: null });
    const p = m.positions[0];
    expect(p).toMatchObject({ ts: Date.UTC(2008, 8, 23, 11, 29, 9, 397), valid: true, course: 0, spd: 0.2 });
    expect(p?.lat).toBeCloseTo(22 + 34.4669 / 60, 6);
    expect(p?.lng).toBeCloseTo(113 + 54.3287 / 60, 6);
    expect(p?.attributes).toEqual({ keyword: "tracker" });
  });

  it.each([
    ["UTC-5 after local midnight is the next UTC day", -300, Date.UTC(2024, 0, 1, 2, 0)],
    ["UTC+9 before local midnight is the previous UTC day", 540, Date.UTC(2024, 0, 1, 20, 0)],
  ])("%s (built frames)", (_n, offset, ts) => {
    const fix = { timeMs: ts, lat: 40.1, lng: -3.5, speedKmh: 50, course: 90, altitude: 650, valid: true };
    const p = decode(encodeGps103Report("359587010124900", fix, { utcOffsetMin: offset }).toString())
      .positions[0];
    expect(p).toMatchObject({ ts, alt: 650, course: 90 });
    expect(p?.spd).toBeCloseTo(50, 1);
  });

  it.each([
    ["help me", "sos"],
    ["low battery", "lowBattery"],
    ["ac alarm", "powerCut"],
    ["speed", "overspeed"],
    ["accident alarm", "crash"],
  ])("maps keyword %s to %s", (keyword, event) => {
    const fix = {
      timeMs: Date.UTC(2024, 0, 1),
      lat: 1,
      lng: 1,
      speedKmh: 0,
      course: 0,
      altitude: 0,
      valid: true,
    };
    const m = decode(encodeGps103Report("1", fix, { keyword, ignition: true }).toString());
    expect(m.kind).toBe("alarm");
    expect(m.positions[0]?.attributes).toMatchObject({ event, keyword, ignition: true });
  });

  it("reads the serving cell of a report without GPS (L)", () => {
    const m = decode("imei:359587010124900,tracker,0809231929,13554900601,L,,,1d3e,,a4d1,,,;");
    expect(m).toMatchObject({ kind: "lbs", positions: [], attributes: { lac: 0x1d3e, cid: 0xa4d1 } });
  });

  it.each([
    "imei:1,tracker,0809231929,,F,112909.397,A,2234.4669,X,11354.3287,E,0.11,;",
    "imei:1,tracker;",
    "hello;",
  ])("rejects %s", (frame) => expect(decodeGps103Frame(Buffer.from(frame)).ok).toBe(false));
});

describe("GPS103 session", () => {
  it("answers in order and identifies the connection from the first frame", () => {
    const s = createGps103Session();
    const out = s.push(Buffer.from(`${GPS103_LOGON_DOC}${GPS103_HEARTBEAT_DOC}\r\n`));
    expect(out.replies.map(String)).toEqual(["LOAD", "ON"]);
    expect(s.imei()).toBe("359586015829802");
    expect(s.push(Buffer.from(GPS103_REPORT_DOC)).error).toMatch(/another device/);
  });
});
