import { encodeWatchLink, watchFrame } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "./support/devices.ts";
import { startTestPlatform, type TestPlatform } from "./support/platform.ts";

/**
 * Issue 20: a saved configuration reaches a device of a text protocol (here a watch) in the same frame its map
 * commands travel in, when the device next shows up, and only the device's answer to that version makes it
 * 'updated'. Ordering without sleeps: the gateway handles one connection's frames in order, so once the ACK of a
 * heartbeat sent after the answer arrives, the answer has been recorded.
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

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

async function tracker(id: number): Promise<TrackerRow> {
  const list = await p.api.get<Record<string, TrackerRow>>(`companies/id/${acme}/trackers`, admin);
  return list.body[id]!;
}

async function watchDevice(): Promise<TrackerRow> {
  const rows = await p.ctx.db.query<{ id: number }>(
    `select d.id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = 'watch' order by d.id limit 1`,
    [acme],
  );
  return tracker(rows[0]!.id);
}

/** The form sends every field; only the interval has a watch command. */
const base = { apn: "m2m.movistar", server: "gw.vigia.demo", port: 5093, speedLimit: 110, sleepTime: 15 };

/** Saves an active configuration through the API, as the device form does. */
async function activate(row: TrackerRow, interval: number): Promise<void> {
  const saved = await p.api.put<{ configState: string }>(
    `companies/id/${acme}/trackers/id/${row.id}`,
    { deviceId: row.deviceId, typeId: row.typeId, configActive: true, config: { ...base, interval } },
    admin,
  );
  expect(saved.status).toBe(200);
  expect(saved.body.configState).toBe("awaiting");
}

describe("configuration over a text protocol (watch)", () => {
  it("sends UPLOAD,<seconds> behind the first ACK; only the echo of the version sent makes it 'updated'", async () => {
    const row = await watchDevice();
    await activate(row, 300);
    const link = `[3G*${row.deviceId}*0002*LK]`;
    const upload = `[3G*${row.deviceId}*000A*UPLOAD,300]`;

    const device = await TestDevice.connect(p.gateway!.ports.watch);
    device.send(encodeWatchLink("3G", row.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    expect(String(await device.read(upload.length))).toBe(upload);
    // A report before the answer does not settle it: 'updated' means the watch confirmed it.
    device.send(encodeWatchLink("3G", row.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    expect((await tracker(row.id)).configState).toBe("awaiting");

    device.send(watchFrame("3G", row.deviceId, "UPLOAD"));
    device.send(encodeWatchLink("3G", row.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    const after = await tracker(row.id);
    expect(after.configState).toBe("updated");
    expect(after.config).toMatchObject({ interval: 300, lastResult: "UPLOAD" });
    device.end();
  });

  it("a configuration saved while the watch was answering stays 'awaiting' for the next visit", async () => {
    const row = await watchDevice();
    p.clock.advance(1000);
    await activate(row, 60);
    const link = `[3G*${row.deviceId}*0002*LK]`;
    const upload = `[3G*${row.deviceId}*0009*UPLOAD,60]`;

    const device = await TestDevice.connect(p.gateway!.ports.watch);
    device.send(encodeWatchLink("3G", row.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    expect(String(await device.read(upload.length))).toBe(upload);
    p.clock.advance(1000);
    await activate(row, 120);
    device.send(watchFrame("3G", row.deviceId, "UPLOAD"));
    device.send(encodeWatchLink("3G", row.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    expect((await tracker(row.id)).configState).toBe("awaiting");
    device.end();
  });
});
