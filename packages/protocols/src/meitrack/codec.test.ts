import { describe, expect, it } from "vitest";
import { MEITRACK_AAA_DOC } from "../fixtures.ts";
import { createMeitrackSession, decodeMeitrackFrame, encodeMeitrackReport, meitrackFrame } from "./codec.ts";

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
