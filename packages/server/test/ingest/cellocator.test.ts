import { cellocatorAck, encodeCellocatorStatus } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Cellocator through the real gateway, on its own port: status messages acknowledged, their fixes stored. */
let p: TestPlatform;
const UNIT = 1429642;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, String(UNIT), "cellocator", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 32.1084,
  lng: 34.9698,
  altitude: 40,
  speedKmh: 36,
  course: 90,
  satellites: 8,
  valid: true,
  ignition: true,
});

describe("Cellocator through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ port: number; factory: string }>(
      "select port, factory from device_types where proto = 'cellocator'",
    );
    expect(rows).toEqual([{ port: 5063, factory: "Cellocator" }]);
  });

  it("each status message is acknowledged with its numerator after its fix is stored", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.cellocator);
    device.send(encodeCellocatorStatus(UNIT, 41, fix(1)));
    expect(await device.read(28)).toEqual(cellocatorAck(UNIT, 41, 0));
    device.send(encodeCellocatorStatus(UNIT, 42, fix(2)));
    expect(await device.read(28)).toEqual(cellocatorAck(UNIT, 42, 1));
    const rows = await p.ctx.db.query<{ ts: number; spd: number }>(
      `select ts::float8 as ts, spd::float8 as spd from positions
       where device_id = (select id from devices where device_id = $1) order by ts`,
      [String(UNIT)],
    );
    expect(rows.map((r) => [r.ts, Math.round(r.spd)])).toEqual([
      [fix(1).timeMs, 36],
      [fix(2).timeMs, 36],
    ]);
    device.end();
  });

  it("a message type it does not read closes the connection unanswered", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.cellocator);
    const modular = Buffer.from(encodeCellocatorStatus(UNIT, 43, fix(3)));
    modular[4] = 11;
    device.send(modular);
    await device.closed;
    expect(device.unread()).toBe(0);
  });
});
