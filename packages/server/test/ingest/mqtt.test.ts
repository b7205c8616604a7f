import net from "node:net";
import { Aedes } from "aedes";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** An in-process MQTT broker, so the test runs with or without the machine's Mosquitto. */
let broker: Aedes;
let server: net.Server;
let url: string;
let p: TestPlatform;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    MQTT_URL: url,
  });
});
afterAll(async () => {
  await p?.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
});

describe("MQTT JSON positions", () => {
  it("stores positions published for a registered device", async () => {
    const rows = await p.ctx.db.query<{ device_id: string; id: number }>(
      "select device_id, id from devices order by id limit 1",
    );
    const device = rows[0]!;
    const applied = new Promise<void>((resolve) =>
      p.services.live.onApplied((batch) => {
        if (batch.some((a) => a.binding.deviceRowId === device.id)) resolve();
      }),
    );
    const publisher = await mqtt.connectAsync(url, { clientId: "test-device" });
    await publisher.publishAsync(
      `vigia/devices/${device.device_id}/positions`,
      JSON.stringify([
        { ts: TEST_START + 1000, lat: 40.41, lng: -3.7, spd: 30, attributes: { ignition: true } },
        { ts: TEST_START + 2000, lat: 40.411, lng: -3.7, spd: 32, attributes: { ignition: true } },
      ]),
      { qos: 1 },
    );
    await applied;
    const stored = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from positions where device_id = $1",
      [device.id],
    );
    expect(stored[0]!.n).toBe(2);
    await publisher.endAsync();
  });

  it("keeps an unknown device id in the unknown list", async () => {
    const rows = await p.ctx.db.query<{ device_id: string; id: number }>(
      "select device_id, id from devices order by id limit 1 offset 1",
    );
    const known = rows[0]!;
    // Messages are handled in order, so once the known device's position is applied the ghost was handled too.
    const applied = new Promise<void>((resolve) =>
      p.services.live.onApplied((batch) => {
        if (batch.some((a) => a.binding.deviceRowId === known.id)) resolve();
      }),
    );
    const publisher = await mqtt.connectAsync(url, { clientId: "test-unknown" });
    await publisher.publishAsync("vigia/devices/mqtt-ghost/positions", JSON.stringify({ lat: 1, lng: 2 }), {
      qos: 1,
    });
    await publisher.publishAsync(
      `vigia/devices/${known.device_id}/positions`,
      JSON.stringify({ ts: TEST_START + 5000, lat: 40.4, lng: -3.7 }),
      { qos: 1 },
    );
    await applied;
    const ghost = await p.ctx.db.query(
      "select 1 from unknown_devices where device_id = 'mqtt-ghost' and protocol = 'mqtt'",
    );
    expect(ghost).toHaveLength(1);
    await publisher.endAsync();
  });
});
