import {
  encodeGt06Command,
  encodeGt06Frame,
  encodeGt06Login,
  encodeGt06Status,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
  GT06_LOGIN,
  gt06Ack,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configCommandTexts } from "../../src/ingest/config-commands.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * A saved configuration reaches Teltonika/GT06 devices as protocol commands when they next connect,
 * and the device list shows 'awaiting' until the device answers them, then 'updated'. Ordering is proved
 * without sleeps: the gateway handles one connection's messages in order, so once the ACK of a data packet
 * sent after the answer arrives, the answer has been recorded.
 */

let p: TestPlatform;
let acme: number;
let admin: string;

interface TrackerRow {
  id: number;
  deviceId: string;
  typeId: number;
  configState: string;
  config: Record<string, unknown>;
}

const config = {
  apn: "m2m.movistar",
  server: "gw.vigia.demo",
  port: 5027,
  speedLimit: 110,
  interval: 30,
  sleepTime: 15,
};

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

async function deviceOf(proto: string): Promise<TrackerRow> {
  const rows = await p.ctx.db.query<{ id: number }>(
    `select d.id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = $2 order by d.id limit 1`,
    [acme, proto],
  );
  return tracker(rows[0]!.id);
}

async function tracker(id: number): Promise<TrackerRow> {
  const list = await p.api.get<Record<string, TrackerRow>>(`companies/id/${acme}/trackers`, admin);
  return list.body[id]!;
}

/** Saves an active configuration through the API, as the device form does. */
async function activate(row: TrackerRow, settings: typeof config): Promise<void> {
  const saved = await p.api.put<{ configState: string }>(
    `companies/id/${acme}/trackers/id/${row.id}`,
    { deviceId: row.deviceId, typeId: row.typeId, configActive: true, config: settings },
    admin,
  );
  expect(saved.status).toBe(200);
  expect(saved.body.configState).toBe("awaiting");
}

const fix = (min: number) => [{ ts: TEST_START + min * 60_000, lat: 40.41, lng: -3.7, spd: 30 }];

describe("Teltonika configuration over Codec 12", () => {
  it("sends the command after the IMEI ACK and shows 'updated' once the device answers", async () => {
    const row = await deviceOf("teltonika");
    await activate(row, config);
    const [text] = configCommandTexts("teltonika", config);
    const expected = encodeTeltonikaCommand(text!);

    const device = await TestDevice.connect(p.gateway!.ports.teltonika);
    device.send(teltonikaHandshake(row.deviceId));
    expect((await device.read(1))[0]).toBe(1);
    expect(await device.read(expected.length)).toEqual(expected);
    // A position before the answer does not settle it any more: 'updated' means acknowledged.
    device.send(teltonikaPacket(fix(1)));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    expect((await tracker(row.id)).configState).toBe("awaiting");

    device.send(encodeTeltonikaResponse("New value 2001:m2m.movistar;"));
    device.send(teltonikaPacket(fix(2)));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    const after = await tracker(row.id);
    expect(after.configState).toBe("updated");
    expect(after.config).toMatchObject({ ...config, lastResult: "New value 2001:m2m.movistar;" });
    expect(after.config.lastResultTs).toBe(p.clock.now());
    device.end();

    // Next visit: nothing pending, so the first bytes after the IMEI ACK are the data ACK.
    const again = await TestDevice.connect(p.gateway!.ports.teltonika);
    again.send(teltonikaHandshake(row.deviceId));
    expect((await again.read(1))[0]).toBe(1);
    again.send(teltonikaPacket(fix(3)));
    expect((await again.read(4)).readUInt32BE(0)).toBe(1);
    again.end();
  });

  it("keeps a configuration saved while the device was answering 'awaiting'", async () => {
    const row = await deviceOf("teltonika");
    await activate(row, { ...config, interval: 45 });
    const device = await TestDevice.connect(p.gateway!.ports.teltonika);
    device.send(teltonikaHandshake(row.deviceId));
    expect((await device.read(1))[0]).toBe(1);
    const [text] = configCommandTexts("teltonika", { ...config, interval: 45 });
    await device.read(encodeTeltonikaCommand(text!).length);
    p.clock.advance(1000);
    await activate(row, { ...config, interval: 90 });
    device.send(encodeTeltonikaResponse("New value 10000:45;"));
    device.send(teltonikaPacket(fix(4)));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    expect((await tracker(row.id)).configState).toBe("awaiting");
    device.end();
  });
});

describe("GT06 configuration over 0x80 commands", () => {
  it("sends one command per setting and shows 'updated' once all are answered", async () => {
    const row = await deviceOf("gt06");
    await activate(row, { ...config, port: 5023 });
    const texts = configCommandTexts("gt06", { ...config, port: 5023 });
    expect(texts).toHaveLength(4);

    const device = await TestDevice.connect(p.gateway!.ports.gt06);
    device.send(encodeGt06Login(row.deviceId, 1));
    expect(await device.read(10)).toEqual(gt06Ack(GT06_LOGIN, 1));
    for (const [i, t] of texts.entries())
      expect(await device.read(encodeGt06Command(t, i + 1).length)).toEqual(encodeGt06Command(t, i + 1));

    const status = { acc: true, charging: true, gpsTracking: true, voltageLevel: 5, gsmSignal: 4 };
    for (const [i] of texts.entries()) {
      const reply = Buffer.concat([
        Buffer.from([4 + 2, 0, 0, 0, 0]),
        Buffer.from("OK", "ascii"),
        Buffer.from([0, 2]),
      ]);
      device.send(encodeGt06Frame(0x15, reply, 10 + i));
      if (i === 0) {
        // Half answered is not updated.
        device.send(encodeGt06Status(status, 20));
        await device.read(10);
        expect((await tracker(row.id)).configState).toBe("awaiting");
      }
    }
    device.send(encodeGt06Status(status, 21));
    await device.read(10);
    const after = await tracker(row.id);
    expect(after.configState).toBe("updated");
    expect(after.config.lastResult).toBe("OK\nOK\nOK\nOK");
    device.end();
  });
});
