import {
  encodeTopflytechHeartbeat,
  encodeTopflytechLocation,
  encodeTopflytechLogin,
  topflytechAck,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Topflytech through the real gateway, on its own port: packets answered as the device expects, fixes stored. */
let p: TestPlatform;
const IMEI = "880616898800001";
/** The T8803 of Traccar's public test data (T800xProtocolDecoderTest.java), whose real packets are sent below. */
const T8803 = "357367031063979";
/** The TLD2 (header 0x2626) of the same test data. */
const TLD2 = "865284040309670";

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, IMEI, "topflytech", TEST_START);
  await addAcmeDevice(p.ctx.db, T8803, "topflytech", TEST_START);
  await addAcmeDevice(p.ctx.db, TLD2, "topflytech", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

async function stored(imei = IMEI): Promise<{ ts: number; lat: number; spd: number }[]> {
  return p.ctx.db.query<{ ts: number; lat: number; spd: number }>(
    `select ts::float8 as ts, lat::float8 as lat, spd::float8 as spd from positions
     where device_id = (select id from devices where device_id = $1) order by ts`,
    [imei],
  );
}

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 40.42,
  lng: -3.69,
  altitude: 650,
  speedKmh: 36,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
});

describe("Topflytech through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ port: number; factory: string }>(
      "select port, factory from device_types where proto = 'topflytech'",
    );
    expect(rows).toEqual([{ port: 5119, factory: "Topflytech" }]);
  });

  it("log-in, location, alarm and heartbeat are each answered; the fixes are stored", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.topflytech);
    const login = encodeTopflytechLogin(IMEI, 1);
    device.send(login);
    expect(await device.read(15)).toEqual(topflytechAck(login));
    const location = encodeTopflytechLocation(IMEI, 2, fix(1));
    device.send(location);
    expect(await device.read(15)).toEqual(topflytechAck(location));
    const alarm = encodeTopflytechLocation(IMEI, 3, fix(2), 3);
    device.send(alarm);
    expect((await device.read(16)).toString("hex")).toBe(`${topflytechAck(alarm, 3).toString("hex")}`);
    const heartbeat = encodeTopflytechHeartbeat(IMEI, 4);
    device.send(heartbeat);
    // Answers go out in order after each packet was handed to the processor; wait for it to finish storing.
    expect(await device.read(15)).toEqual(topflytechAck(heartbeat));
    await p.services.processor.idle();
    const rows = await stored();
    expect(rows.map((r) => [r.ts, r.spd])).toEqual([
      [fix(1).timeMs, 36],
      [fix(2).timeMs, 36],
    ]);
    expect(rows[0]!.lat).toBeCloseTo(40.42, 4);
    device.end();
  });

  it("a T8803 (header 0x2323): log-in, heartbeat and alarm answered, the location stored without an answer", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.topflytech);
    const packet = (hex: string) => Buffer.from(hex, "hex");
    device.send(packet("232301001500020357367031063979150208625010"));
    expect((await device.read(15)).toString("hex")).toBe("232301000f00020357367031063979");
    device.send(
      packet(
        "232304004200030357367031063979003c03842307d00000c80000050100008000008900890100000017b100151022121648b8ef0c4422969342cec5944100000110",
      ),
    );
    expect((await device.read(16)).toString("hex")).toBe("23230400100003035736703106397901");
    device.send(
      packet(
        "232302004200150357367031063979003c03842307d000004a0000050100004001009500940000000285ab001510281350477f710d4452819342d1ba944101160038",
      ),
    );
    // The location has no answer: the heartbeat's is the next thing the device reads.
    device.send(packet("232303000f00000357367031063979"));
    expect((await device.read(15)).toString("hex")).toBe("232303000f00000357367031063979");
    await p.services.processor.idle();
    const rows = await stored(T8803);
    expect(rows.map((r) => r.ts)).toEqual([
      Date.UTC(2015, 9, 22, 12, 16, 48),
      Date.UTC(2015, 9, 28, 13, 50, 47),
    ]);
    expect(rows[1]!.lat).toBeCloseTo(18.5912189, 5);
    device.end();
  });

  it("a TLD2 (header 0x2626) location, whose layout is not read, is quarantined whole before it is answered", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.topflytech);
    const login = Buffer.from("262601000f00010865284040309670", "hex");
    device.send(login);
    expect(await device.read(15)).toEqual(topflytechAck(login));
    const location = Buffer.from(
      "262602005308090865284040309670000f000f0f0000005a47c000050100000020000000008bfd0020022505185300004041dcc9d6c243b3c6410000012712400000000009e2ffffffffffffffffffffffff09",
      "hex",
    );
    device.send(location);
    expect((await device.read(15)).toString("hex")).toBe("262602000f08090865284040309670");
    // The answer was written only after the quarantine row committed: no wait.
    const kept = await p.ctx.db.query<{ error: string; raw: string }>(
      "select error, raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [TLD2],
    );
    expect(kept).toEqual([
      { error: "topflytech: packet type 0x02 of header 0x2626 not read", raw: location.toString("hex") },
    ]);
    expect(await stored(TLD2)).toEqual([]);
    device.end();
  });
});
