import { eelinkAck, encodeEelinkFix, encodeEelinkHeartbeat, encodeEelinkLogin } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, storedTimes, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Eelink through the real gateway, on its own port: each package answered with its PID and sequence once kept. */
let p: TestPlatform;
/** The IMEI of a log-in in Traccar's public test data (EelinkProtocolDecoderTest.java). */
const IMEI = "352544071750518";

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, IMEI, "eelink", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 47.46,
  lng: 19.04,
  altitude: 0,
  speedKmh: 36,
  course: 90,
  satellites: 0,
  valid: true,
});

const stored = () => storedTimes(p.ctx.db, IMEI);

describe("Eelink through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ id: number; port: number; factory: string }>(
      "select id, port, factory from device_types where proto = 'eelink'",
    );
    expect(rows).toEqual([{ id: 26, port: 5064, factory: "Eelink" }]);
  });

  it("answers the log-in, then GPS, heartbeat and a real alarm package after they are stored", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.eelink);
    device.send(encodeEelinkLogin(IMEI, 1));
    expect(await device.read(7)).toEqual(eelinkAck(1, 1));
    device.send(Buffer.concat([encodeEelinkFix(2, fix(1)), encodeEelinkFix(3, fix(2))]));
    expect(await device.read(14)).toEqual(Buffer.concat([eelinkAck(2, 2), eelinkAck(2, 3)]));
    expect(await stored()).toEqual([fix(1).timeMs, fix(2).timeMs]);
    device.send(encodeEelinkHeartbeat(4, 0x6e));
    expect(await device.read(7)).toEqual(eelinkAck(3, 4));
    device.send(Buffer.from("676704001c01a4569ff2dd0517a0f7020b0d9a06011000d8001e005b0004450183", "hex"));
    expect((await device.read(7)).toString("hex")).toBe("676704000201a4");
    expect(await stored()).toContain(Date.UTC(2016, 0, 20, 20, 49, 33));
    device.end();
  });

  it("keeps a package it cannot read (terminal state 0x05) in the quarantine before it answers it", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.eelink);
    device.send(encodeEelinkLogin(IMEI, 1));
    await device.read(7);
    const state = Buffer.from(
      "6767050020213b59c6aecdff41dce70b8b977d00000001fe000a36e30078fe010159c6aecd",
      "hex",
    );
    device.send(state);
    expect(await device.read(7)).toEqual(eelinkAck(5, 0x213b));
    // The answer was written only after the quarantine row committed: no wait.
    const kept = await p.ctx.db.query<{ reason: string; error: string; raw: string }>(
      "select reason, error, raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [IMEI],
    );
    expect(kept).toEqual([
      { reason: "undecoded", error: "eelink: package 0x5 not read", raw: state.toString("hex") },
    ]);
    device.end();
  });

  it("ends a connection whose data comes before the log-in, unanswered", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.eelink);
    device.send(encodeEelinkFix(1, fix(30)));
    await device.closed;
    expect(await stored()).not.toContain(fix(30).timeMs);
  });
});
