import { describe, expect, it } from "vitest";
import { SUNTECH_ALV, SUNTECH_STT_DOC } from "../fixtures.ts";
import {
  createSuntechSession,
  decodeSuntechFrame,
  encodeSuntechAlert,
  encodeSuntechEmergency,
  encodeSuntechKeepAlive,
  encodeSuntechStatus,
} from "./codec.ts";

const decode = (frame: Buffer | string) => {
  const res = decodeSuntechFrame(typeof frame === "string" ? Buffer.from(frame, "latin1") : frame);
  if (!res.ok) throw new Error(res.error);
  return res.value;
};
const fix = {
  timeMs: Date.UTC(2024, 10, 2, 23, 59, 58),
  lat: -34.6037,
  lng: -58.3816,
  speedKmh: 88.5,
  course: 359,
  satellites: 11,
  valid: true,
};

describe("Suntech decoder", () => {
  it("decodes the manual's STT status answer (layout without MODEL)", () => {
    const m = decode(SUNTECH_STT_DOC);
    expect(m).toMatchObject({ kind: "position", imei: "100850000", ack: null });
    expect(m.positions[0]).toMatchObject({
      ts: Date.UTC(2009, 6, 24, 7, 12, 16),
      lat: 37.479323,
      lng: 126.885815,
      spd: 0.03,
      course: 0,
      satt: 7,
      valid: true,
      attributes: {
        ignition: true,
        input1: false,
        output1: false,
        odometer: 0,
        power: 15.33,
        mode: 2,
        serial: 2,
      },
    });
  });

  it("answers nothing, and takes the keep-alive as a heartbeat", () => {
    const s = createSuntechSession();
    const out = s.push(Buffer.from(`${SUNTECH_ALV}${SUNTECH_STT_DOC}\n`));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => m.kind)).toEqual(["heartbeat", "position"]);
    expect(out.replies).toEqual([]);
    expect(s.end().error).toBeNull();
  });

  it.each(["ST300", "ST600", "SA200"] as const)(
    "reads %s status reports with and without MODEL (built frames, southern/western hemisphere)",
    (model) => {
      const m = decode(
        encodeSuntechStatus("907000123", fix, {
          model,
          ignition: true,
          odometerM: 1234,
          powerV: 13.8,
          serial: 7,
        }),
      );
      expect(m.positions[0]).toMatchObject({
        ts: fix.timeMs,
        lat: -34.6037,
        lng: -58.3816,
        spd: 88.5,
        course: 359,
        satt: 11,
        valid: true,
        attributes: { ignition: true, odometer: 1234, power: 13.8, battery: 4.1, serial: 7, mode: 2 },
      });
      expect(m.attributes.model).toBe(model);
      expect(m.positions[0]?.attributes.archive).toBeUndefined();
    },
  );

  it("flags stored reports (MSG_TYPE 0) as archive", () => {
    expect(
      decode(encodeSuntechStatus("907000123", fix, { archive: true })).positions[0]?.attributes.archive,
    ).toBe(true);
  });

  it.each([
    [1, "overspeed"],
    [5, "geofenceExit"],
    [6, "geofenceEnter"],
    [14, "lowBattery"],
    [15, "vibration"],
    [16, "crash"],
    [41, "powerCut"],
    [46, "harshAcceleration"],
    [47, "harshBraking"],
    [48, "sharpTurn"],
    [50, "jamming"],
  ])("maps ALERT_ID %s to %s", (id, event) => {
    const m = decode(encodeSuntechAlert("907000123", fix, id));
    expect(m.kind).toBe("alarm");
    expect(m.positions[0]?.attributes).toMatchObject({ event, alarm: id });
  });

  it("keeps other alerts only as alarm, and maps EMG to sos", () => {
    const other = decode(encodeSuntechAlert("907000123", fix, 9));
    expect(other.kind).toBe("position");
    expect(other.positions[0]?.attributes).toMatchObject({ alarm: 9 });
    expect(other.positions[0]?.attributes.event).toBeUndefined();
    const emg = decode(encodeSuntechEmergency("907000123", fix, 1, { model: "SA200" }));
    expect(emg.kind).toBe("alarm");
    expect(emg.positions[0]?.attributes).toMatchObject({ event: "sos", alarm: 1 });
  });

  it("keeps an invalid fix as GPS without fix, and command answers as commandResult", () => {
    expect(decode(encodeSuntechStatus("907000123", { ...fix, valid: false })).positions[0]).toMatchObject({
      valid: false,
      src: 2,
    });
    expect(decode("ST300CMD;Res;100850000;010;Reset\r")).toMatchObject({
      kind: "commandResult",
      imei: "100850000",
      attributes: { result: "010;Reset" },
    });
    expect(decode(encodeSuntechKeepAlive("907000123", "SA200")).kind).toBe("heartbeat");
  });

  it.each([
    ["a bad date", SUNTECH_STT_DOC.replace("20090724", "20090231")],
    ["a bad time", SUNTECH_STT_DOC.replace("07:12:16", "07:72:16")],
    ["a bad latitude", SUNTECH_STT_DOC.replace("+37.479323", "+97.479323")],
    ["a bad I/O field", SUNTECH_STT_DOC.replace("100000", "1x0000")],
    ["a bad device id", SUNTECH_STT_DOC.replace("100850000", "1008 50000")],
    ["a bad header", SUNTECH_STT_DOC.replace("ST300STT", "st300stt")],
  ])("rejects %s", (_n, frame) => expect(decodeSuntechFrame(Buffer.from(frame)).ok).toBe(false));

  it("ends the session on a binary (zip) report or a frame of another device", () => {
    expect(createSuntechSession().push(Buffer.from([0x02, 0x00, 0x10])).error).not.toBeNull();
    const s = createSuntechSession();
    s.push(Buffer.from(SUNTECH_STT_DOC));
    expect(s.push(encodeSuntechKeepAlive("907000123")).error).not.toBeNull();
  });
});
