import { atrackAck, encodeAtrackPacket } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, storedTimes, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** ATrack through the real gateway, on its own port: packets answered FE 02 after their records are stored. */
let p: TestPlatform;
/** The unit of Traccar's public test data (AtrackProtocolDecoderTest.java) whose real packet is sent below. */
const IMEI = "352964052096642";

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, IMEI, "atrack", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 40.47,
  lng: -3.65,
  altitude: 0,
  speedKmh: 36,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
});

const stored = () => storedTimes(p.ctx.db, IMEI);

const unit = Buffer.from("00014104d8f19682", "hex");

describe("ATrack through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ port: number; factory: string }>(
      "select port, factory from device_types where proto = 'atrack'",
    );
    expect(rows).toEqual([{ port: 5067, factory: "ATrack" }]);
  });

  it("the keep-alive is echoed; a packet of records and a real packet are answered after they are stored", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.atrack);
    device.send(atrackAck(unit, 1));
    expect(await device.read(12)).toEqual(atrackAck(unit, 1));
    device.send(encodeAtrackPacket(IMEI, 2, [fix(1), fix(2)]));
    expect(await device.read(12)).toEqual(atrackAck(unit, 2));
    expect(await stored()).toEqual([fix(1).timeMs, fix(2).timeMs]);
    device.send(
      Buffer.from(
        "40501e58003301e000014104d8f19682525ecd5d525ee344525ee35effc88815026ab4d70000020000104403de01000b0000000007d007d000",
        "hex",
      ),
    );
    expect((await device.read(12)).toString("hex")).toBe("fe0200014104d8f1968201e0");
    expect(await stored()).toContain(Date.UTC(2013, 9, 16, 17, 31, 9));
    device.end();
  });
});
