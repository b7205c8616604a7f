import {
  encodeNavtelecomArray,
  encodeNavtelecomEvent,
  encodeNavtelecomFlex,
  encodeNavtelecomLogin,
  flexValuesOfFix,
  NAVTELECOM_SIM_FIELDS,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, storedTimes, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Navtelecom through the real gateway, on its own port: each FLEX packet answered with its CRC-8 once kept. */
let p: TestPlatform;
/** The IMEI of the log-in on the vendor's wiki (flex_examples). */
const IMEI = "866795033323864";
const fields = NAVTELECOM_SIM_FIELDS;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, IMEI, "navtelecom", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 55.7,
  lng: 37.6,
  altitude: 150,
  speedKmh: 36,
  course: 90,
  satellites: 8,
  valid: true,
});

const stored = () => storedTimes(p.ctx.db, IMEI);

/** Logs in and negotiates the simulator's layout; both answered (19 and 25 bytes). */
async function connect(): Promise<TestDevice> {
  const device = await TestDevice.connect(p.gateway!.ports.navtelecom);
  device.send(encodeNavtelecomLogin(IMEI));
  expect((await device.read(19)).subarray(16).toString("latin1")).toBe("*<S");
  device.send(encodeNavtelecomFlex(fields));
  expect((await device.read(25)).subarray(16).toString("hex")).toBe(
    `${Buffer.from("*<FLEX").toString("hex")}b00a0a`,
  );
  return device;
}

describe("Navtelecom through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ id: number; port: number; factory: string }>(
      "select id, port, factory from device_types where proto = 'navtelecom'",
    );
    expect(rows).toEqual([{ id: 27, port: 5185, factory: "Navtelecom" }]);
  });

  it("answers ~A and ~T after their records are stored", async () => {
    const device = await connect();
    const array = encodeNavtelecomArray(fields, [
      flexValuesOfFix(fix(1), 1, 0),
      flexValuesOfFix(fix(2), 2, 0),
    ]);
    device.send(array);
    // ~A <count 2> <CRC-8>
    expect((await device.read(4)).subarray(0, 3).toString("hex")).toBe("7e4102");
    expect(await stored()).toEqual([fix(1).timeMs, fix(2).timeMs]);
    device.send(encodeNavtelecomEvent(fields, 3, flexValuesOfFix(fix(3), 3, 0)));
    expect((await device.read(7)).subarray(0, 6).toString("hex")).toBe("7e5403000000");
    expect(await stored()).toContain(fix(3).timeMs);
    device.end();
  });

  it("keeps an NTCB body it cannot read in the quarantine, unanswered", async () => {
    const device = await connect();
    // A body no message of the protocol starts with (a device's answers to commands, *@ and *#, are read now),
    // its header and XOR checksums worked out by hand.
    const body = Buffer.from("404e5443010000000000000009005c4d2a3e554e4b4e4f574e", "hex");
    device.send(body);
    // The next packet's answer comes only after the quarantine row of the one before it.
    device.send(encodeNavtelecomEvent(fields, 4, flexValuesOfFix(fix(4), 4, 0)));
    expect((await device.read(7)).subarray(0, 6).toString("hex")).toBe("7e5404000000");
    const kept = await p.ctx.db.query<{ reason: string; raw: string }>(
      "select reason, raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [IMEI],
    );
    expect(kept).toEqual([{ reason: "undecoded", raw: body.toString("hex") }]);
    device.end();
  });

  it("ends a connection whose records come before the log-in, unanswered", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.navtelecom);
    device.send(encodeNavtelecomArray(fields, [flexValuesOfFix(fix(30), 30, 0)]));
    await device.closed;
    expect(await stored()).not.toContain(fix(30).timeMs);
  });
});
