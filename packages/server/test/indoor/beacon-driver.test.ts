import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * A driver carries a beacon; when the vehicle's Teltonika tracker hears it (AVL 385 BLE
 * element through the real gateway and processor), the vehicle's driver in live state becomes that driver, as
 * an iButton read does.
 */
const UUID = "f7826da6-4fa2-4e98-8024-bc5b71e0893e";
let p: TestPlatform;
let device: TestDevice;
let vehicleId: number;
let drivers: number[];

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  const acme = (
    await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
  )[0]!.id;
  const unit = await p.ctx.db.query<{ item_id: number; device_id: string }>(
    `select d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = 'teltonika' and d.item_type = 1 order by d.id limit 1`,
    [acme],
  );
  vehicleId = unit[0]!.item_id;
  const rows = await p.ctx.db.query<{ id: number }>(
    "select id from drivers where company_id = $1 and (vehicle_id is null or vehicle_id <> $2) order by id limit 2",
    [acme, vehicleId],
  );
  drivers = rows.map((r) => r.id);
  expect(drivers).toHaveLength(2);
  // Stored in upper case on purpose: identifiers compare case-insensitively.
  await p.ctx.db.query("update drivers set beacon = $2 where id = $1", [
    drivers[0]!,
    `${UUID.toUpperCase()}:1:1`,
  ]);
  await p.ctx.db.query("update drivers set beacon = $2 where id = $1", [drivers[1]!, `${UUID}:1:2`]);
  device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(unit[0]!.device_id));
  expect((await device.read(1))[0]).toBe(1);
});
afterAll(async () => {
  device?.end();
  await p?.close();
});

async function frame(beacons: { id: string; rssi: number }[] | undefined): Promise<void> {
  p.clock.advance(30_000);
  device.send(teltonikaPacket([{ ts: p.clock.now(), lat: 40.41, lng: -3.7, spd: 0, beacons }]));
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
  await p.services.processor.idle();
}

const liveDriver = () => p.services.live.state(1, vehicleId)?.driverId ?? null;

describe("driver identified by beacon", () => {
  it("takes the driver whose beacon the vehicle hears, the strongest when several", async () => {
    await frame([{ id: "00112233445566778899:aabbccddeeff", rssi: -60 }]);
    expect(liveDriver()).not.toBe(drivers[0]);

    await frame([
      { id: `${UUID}:9:9`, rssi: -50 },
      { id: `${UUID}:1:1`, rssi: -70 },
    ]);
    expect(liveDriver()).toBe(drivers[0]);
    const stored = await p.ctx.db.query<{ driver_id: number }>(
      "select driver_id from vehicles where id = $1",
      [vehicleId],
    );
    expect(stored[0]!.driver_id).toBe(drivers[0]);

    await frame([
      { id: `${UUID}:1:1`, rssi: -85 },
      { id: `${UUID}:1:2`, rssi: -55 },
    ]);
    expect(liveDriver()).toBe(drivers[1]);
  });

  it("keeps the driver when frames hear no driver's beacon", async () => {
    await frame(undefined);
    await frame([{ id: `${UUID}:9:9`, rssi: -50 }]);
    expect(liveDriver()).toBe(drivers[1]);
  });
});
