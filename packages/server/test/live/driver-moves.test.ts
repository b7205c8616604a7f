import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Drivers on the map: a driver identified on a second vehicle leaves the first one in the live state
 * too, so the next map snapshot shows them once, on the vehicle they drive now.
 */
const BEACON = "f7826da6-4fa2-4e98-8024-bc5b71e0893e:7:7";
let p: TestPlatform;
const devices: TestDevice[] = [];
let vehicles: number[];
let driver: number;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  const acme = (
    await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
  )[0]!.id;
  const units = await p.ctx.db.query<{ item_id: number; device_id: string }>(
    `select d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = 'teltonika' and d.item_type = 1 order by d.id limit 2`,
    [acme],
  );
  expect(units).toHaveLength(2);
  vehicles = units.map((u) => u.item_id);
  driver = (
    await p.ctx.db.query<{ id: number }>(
      "select id from drivers where company_id = $1 and vehicle_id is null order by id limit 1",
      [acme],
    )
  )[0]!.id;
  await p.ctx.db.query("update drivers set beacon = $2 where id = $1", [driver, BEACON]);
  for (const unit of units) {
    const device = await TestDevice.connect(p.gateway!.ports.teltonika);
    device.send(teltonikaHandshake(unit.device_id));
    expect((await device.read(1))[0]).toBe(1);
    devices.push(device);
  }
});
afterAll(async () => {
  for (const device of devices) device.end();
  await p?.close();
});

async function heard(index: number): Promise<void> {
  p.clock.advance(30_000);
  const device = devices[index]!;
  device.send(
    teltonikaPacket([
      { ts: p.clock.now(), lat: 40.41, lng: -3.7, spd: 0, beacons: [{ id: BEACON, rssi: -60 }] },
    ]),
  );
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
  await p.services.processor.idle();
}

const liveDriver = (vehicleId: number) => p.services.live.state(1, vehicleId)?.driverId ?? null;

describe("a driver moving to another vehicle", () => {
  it("leaves the first vehicle without a driver in the live state and in the stored rows", async () => {
    await heard(0);
    expect(liveDriver(vehicles[0]!)).toBe(driver);
    await heard(1);
    expect(liveDriver(vehicles[1]!)).toBe(driver);
    expect(liveDriver(vehicles[0]!)).toBeNull();
    const stored = await p.ctx.db.query<{ id: number; driver_id: number | null }>(
      "select id, driver_id from vehicles where id = any($1::int[]) order by id",
      [vehicles],
    );
    expect(Object.fromEntries(stored.map((r) => [r.id, r.driver_id]))).toEqual({
      [vehicles[0]!]: null,
      [vehicles[1]!]: driver,
    });
  });
});
