import { describe, expect, it } from "vitest";
import { TK103_LOGON_DOC } from "../fixtures.ts";
import {
  createTk103Session,
  decodeTk103Frame,
  encodeTk103Alarm,
  encodeTk103Handshake,
  encodeTk103Location,
} from "./codec.ts";

const decode = (frame: Buffer | string) => {
  const res = decodeTk103Frame(Buffer.from(frame));
  if (!res.ok) throw new Error(res.error);
  return res.value;
};
const fix = {
  timeMs: Date.UTC(2024, 2, 5, 17, 4, 9),
  lat: -12.0464,
  lng: -77.0428,
  speedKmh: 64.5,
  course: 275.5,
  valid: true,
  ignition: true,
  odometerM: 123456,
};

describe("TK103 decoder", () => {
  it("decodes the document's BP05 log-on and answers AP05", () => {
    const m = decode(TK103_LOGON_DOC);
    expect(m).toMatchObject({ kind: "login", imei: "027028258309", ack: Buffer.from("(027028258309AP05)") });
    const p = m.positions[0];
    expect(p).toMatchObject({ ts: Date.UTC(2011, 11, 13, 14, 18, 30), spd: 0, course: 310, valid: true });
    expect(p?.lat).toBeCloseTo(29 + 34.0133 / 60, 6);
    expect(p?.lng).toBeCloseTo(106 + 27.2544 / 60, 6);
    expect(p?.attributes).toMatchObject({
      imei: "000027028258309",
      io: "00000000",
      ignition: false,
      odometer: 0,
    });
  });

  it("answers the handshake with AP01HSO and a BO01 alarm with AS01 + its code", () => {
    expect(decode(encodeTk103Handshake("027028258309", "000027028258309"))).toMatchObject({
      kind: "heartbeat",
      ack: Buffer.from("(027028258309AP01HSO)"),
    });
    const alarm = decode(encodeTk103Alarm("027028258309", 2, fix));
    expect(alarm).toMatchObject({ kind: "alarm", ack: Buffer.from("(027028258309AS012)") });
    expect(alarm.positions[0]?.attributes).toMatchObject({
      alarm: 2,
      event: "sos",
      ignition: true,
      odometer: 123456,
    });
  });

  it("decodes a built BR00 location in km/h, southern/western hemisphere, without an answer", () => {
    const m = decode(encodeTk103Location("027028258309", fix));
    expect(m).toMatchObject({ kind: "position", ack: null });
    expect(m.positions[0]).toMatchObject({ ts: fix.timeMs, spd: 64.5, course: 276 });
    expect(m.positions[0]?.lat).toBeCloseTo(-12.0464, 4);
    expect(m.positions[0]?.lng).toBeCloseTo(-77.0428, 4);
  });

  it.each(["(027028258309BR00garbage)", "(12BR00)", "(027028258309BO01X)"])("rejects %s", (frame) =>
    expect(decodeTk103Frame(Buffer.from(frame)).ok).toBe(false),
  );
});

describe("TK103 session", () => {
  it("frames several messages and answers in order", () => {
    const s = createTk103Session();
    const out = s.push(
      Buffer.concat([Buffer.from(TK103_LOGON_DOC), encodeTk103Handshake("027028258309", "000027028258309")]),
    );
    expect(out.replies.map(String)).toEqual(["(027028258309AP05)", "(027028258309AP01HSO)"]);
    expect(s.push(Buffer.from("garbage")).error).toMatch(/does not start/);
  });
});
