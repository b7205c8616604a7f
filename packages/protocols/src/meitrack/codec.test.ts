import { describe, expect, it } from "vitest";
import { MEITRACK_AAA_DOC } from "../fixtures.ts";
import {
  createMeitrackSession,
  decodeMeitrackFrame,
  encodeMeitrackHistory,
  encodeMeitrackReport,
  meitrackFrame,
} from "./codec.ts";

const decode = (frame: Buffer | string) => {
  const res = decodeMeitrackFrame(typeof frame === "string" ? Buffer.from(frame, "latin1") : frame);
  if (!res.ok) throw new Error(res.error);
  return res.value;
};
const fix = {
  timeMs: Date.UTC(2024, 10, 2, 23, 59, 58),
  lat: -34.6037,
  lng: -58.3816,
  speedKmh: 88,
  course: 359,
  altitude: 25,
  satellites: 11,
  valid: true,
};

describe("Meitrack decoder", () => {
  it("decodes the document's AAA report, its length and checksum verified", () => {
    const m = decode(MEITRACK_AAA_DOC);
    expect(m).toMatchObject({ kind: "position", imei: "353358017784062", ack: null });
    expect(m.positions[0]).toMatchObject({
      ts: Date.UTC(2010, 2, 13, 9, 37, 38),
      lat: 22.543176,
      lng: 114.078448,
      valid: true,
      satt: 5,
      spd: 2,
      course: 205,
      alt: -14,
      attributes: { alarm: 34, hdop: 5, rssi: 22, odometer: 0, hours: 60, io: 0 },
    });
    expect(m.cells).toEqual([{ mcc: 0, mnc: 0, lac: 0x10133, cid: 0x4110, rssi: 22 }]);
  });

  it.each([
    ["checksum", MEITRACK_AAA_DOC.replace("*91", "*92")],
    ["length", MEITRACK_AAA_DOC.replace("Q128", "Q127")],
    ["a changed byte", MEITRACK_AAA_DOC.replace("22.543176", "22.543177")],
  ])("rejects a wrong %s", (_n, frame) => expect(decodeMeitrackFrame(Buffer.from(frame)).ok).toBe(false));

  it.each([
    [1, "sos"],
    [19, "overspeed"],
    [23, "powerCut"],
    [17, "lowBattery"],
  ])("maps event %s to %s (built frames, southern/western hemisphere)", (event, name) => {
    const m = decode(
      encodeMeitrackReport("353358017784062", fix, {
        event,
        mileageM: 5000,
        cell: { mcc: 722, mnc: 7, lac: 0x1f, cid: 0xabc },
      }),
    );
    expect(m.kind).toBe("alarm");
    expect(m.positions[0]).toMatchObject({
      ts: fix.timeMs,
      lat: -34.6037,
      lng: -58.3816,
      spd: 88,
      course: 359,
    });
    expect(m.positions[0]?.attributes).toMatchObject({ event: name, alarm: event, odometer: 5000 });
    expect(m.cells).toEqual([{ mcc: 722, mnc: 7, lac: 0x1f, cid: 0xabc, rssi: 20 }]);
  });

  it("keeps the regular report (35) without an alarm, and other commands as command answers", () => {
    expect(
      decode(encodeMeitrackReport("353358017784062", fix, {})).positions[0]?.attributes.alarm,
    ).toBeUndefined();
    expect(decode(meitrackFrame("Q", ",353358017784062,A10,OK"))).toMatchObject({
      kind: "commandResult",
      attributes: { result: "A10,OK" },
    });
  });
});

describe("Meitrack session", () => {
  it("frames by the length field and ends on a bad checksum", () => {
    const s = createMeitrackSession();
    const out = s.push(
      Buffer.concat([Buffer.from(MEITRACK_AAA_DOC), encodeMeitrackReport("353358017784062", fix, {})]),
    );
    expect(out.error).toBeNull();
    expect(out.messages).toHaveLength(2);
    expect(s.push(Buffer.from(MEITRACK_AAA_DOC.replace("*91", "*00"))).error).toMatch(/checksum/);
  });

  it.each([7, 20, 129])(
    "waits for the rest of a frame TCP split %i bytes in (found by the stream fuzz)",
    (cut) => {
      const frame = Buffer.from(MEITRACK_AAA_DOC);
      const s = createMeitrackSession();
      const first = s.push(frame.subarray(0, cut));
      expect(first).toMatchObject({ messages: [], error: null });
      expect(s.buffered()).toBe(cut);
      const rest = s.push(frame.subarray(cut));
      expect(rest.error).toBeNull();
      expect(rest.messages).toHaveLength(1);
    },
  );
});

describe("Meitrack CCC history frames", () => {
  /** One record laid out by hand at the documented offsets, so the test does not lean on the encoder. */
  function record(): Buffer {
    const r = Buffer.alloc(52);
    r.writeUInt8(1, 0); // event 1: SOS
    r.writeInt32LE(22543176, 1); // 22.543176
    r.writeInt32LE(-114078448, 5); // -114.078448
    r.writeUInt32LE(Math.round((Date.UTC(2026, 10, 24, 13, 3, 5) - Date.UTC(2000, 0, 1)) / 1000), 9);
    r.writeUInt8(1, 13); // valid
    r.writeUInt8(9, 14); // satellites
    r.writeUInt8(22, 15); // GSM
    r.writeUInt16LE(63, 16); // km/h
    r.writeUInt16LE(205, 18); // course
    r.writeUInt16LE(12, 20); // HDOP 1.2
    r.writeUInt16LE(650, 22); // altitude
    r.writeUInt32LE(10133, 24); // mileage
    r.writeUInt32LE(4110, 28); // run time
    for (const [i, v] of [460, 0, 0x2670, 0x0e2f].entries()) r.writeUInt16LE(v, 32 + 2 * i); // MCC MNC LAC CI
    r.writeUInt16LE(0x0401, 40); // I/O
    r.writeUInt16LE(0, 42);
    r.writeUInt16LE(412, 44); // battery 4.12 V
    r.writeUInt16LE(1263, 46); // power 12.63 V
    return r;
  }
  function frame(data: Buffer, identifier = "D"): Buffer {
    const body = Buffer.concat([Buffer.from(",353358017784062,CCC,"), data]);
    const head = Buffer.from(`$$${identifier}${body.length + 5}`);
    const summed = Buffer.concat([head, body, Buffer.from("*")]);
    const sum = summed.reduce((a, b) => a + b, 0) % 256;
    return Buffer.concat([summed, Buffer.from(`${sum.toString(16).toUpperCase().padStart(2, "0")}\r\n`)]);
  }
  const head = (remaining: number, count: number) => {
    const h = Buffer.alloc(8);
    h.writeUInt16LE(1, 0);
    h.writeUInt32LE(remaining, 2);
    h.writeUInt16LE(count, 6);
    return h;
  };

  it("decodes each 52-byte record into an archive position, answered with the count received", () => {
    const decoded = decodeMeitrackFrame(frame(Buffer.concat([head(40, 2), record(), record()])));
    if (!decoded.ok) throw new Error(decoded.error);
    const m = decoded.value;
    expect(m.kind).toBe("alarm");
    expect(m.attributes.recordsLeft).toBe(40);
    expect(m.positions).toHaveLength(2);
    expect(m.positions[0]).toMatchObject({
      ts: Date.UTC(2026, 10, 24, 13, 3, 5),
      lat: 22.543176,
      lng: -114.078448,
      spd: 63,
      course: 205,
      alt: 650,
      satt: 9,
      valid: true,
      src: 1,
      attributes: {
        event: "sos",
        alarm: 1,
        archive: true,
        hdop: 1.2,
        odometer: 10133,
        hours: 4110,
        io: 0x0401,
        battery: 4.12,
        power: 12.63,
      },
    });
    const ack = String(m.ack);
    expect(ack).toMatch(/^@@D\d+,353358017784062,CCC,2\*[0-9A-F]{2}\r\n$/);
    // The answer is itself a well-formed Meitrack frame: length from the first comma, byte-sum checksum.
    expect(Number(ack.slice(3, ack.indexOf(",")))).toBe(ack.length - ack.indexOf(","));
    const star = ack.indexOf("*");
    const sum = [...Buffer.from(ack.slice(0, star + 1))].reduce((a, b) => a + b, 0) % 256;
    expect(Number.parseInt(ack.slice(star + 1, star + 3), 16)).toBe(sum);
  });

  it("binary bytes that look like the envelope (* , CR LF) inside a record do not break the frame", () => {
    const r = record();
    r.write("*\r\n,", 48, "latin1"); // the geofence field
    const s = createMeitrackSession();
    const data = frame(Buffer.concat([head(0, 1), r]));
    const first = s.push(data.subarray(0, 30));
    const rest = s.push(data.subarray(30));
    expect(first.error ?? rest.error).toBeNull();
    expect(rest.messages[0]?.positions).toHaveLength(1);
    expect(rest.replies).toHaveLength(1);
  });

  it("the encoder's frames decode to the fixes it was given", () => {
    const fix = {
      timeMs: Date.UTC(2026, 10, 24, 9, 0, 0),
      lat: 40.41,
      lng: -3.7,
      speedKmh: 50,
      course: 90,
      altitude: 600,
      satellites: 8,
      valid: true,
    };
    const decoded = decodeMeitrackFrame(encodeMeitrackHistory("353358017784062", [fix, fix], 3));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.kind).toBe("position");
    expect(decoded.value.positions.map((p) => [p.ts, p.lat, p.lng, p.spd])).toEqual([
      [fix.timeMs, 40.41, -3.7, 50],
      [fix.timeMs, 40.41, -3.7, 50],
    ]);
  });

  it.each([
    ["a partial record", Buffer.concat([head(0, 1), record().subarray(0, 51)]), /whole records/],
    ["no head", Buffer.alloc(4), /too short/],
  ])("%s is refused", (_name, data, error) => {
    const decoded = decodeMeitrackFrame(frame(data));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.error).toMatch(error);
  });
});
