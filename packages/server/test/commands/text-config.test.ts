import {
  encodeGl200Heartbeat,
  encodeGps103Confirmation,
  encodeGps103Heartbeat,
  encodeGps103Logon,
  encodeWatchLink,
  GL200_PROTOCOL_VERSION,
  GPS103_HEARTBEAT_ANSWER,
  GPS103_LOGON_ANSWER,
  watchFrame,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * A saved configuration reaches a device of a text protocol (here a watch) in the same frame its map
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

async function deviceOf(proto: string): Promise<TrackerRow> {
  const rows = await p.ctx.db.query<{ id: number }>(
    `select d.id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = $2 order by d.id limit 1`,
    [acme, proto],
  );
  return tracker(rows[0]!.id);
}
const watchDevice = () => deviceOf("watch");

/** The form sends every field; only the interval has a watch command. */
const base = { apn: "m2m.movistar", server: "gw.vigia.demo", port: 5093, speedLimit: 110, sleepTime: 15 };

/** Saves an active configuration through the API, as the device form does. */
async function activate(
  row: TrackerRow,
  interval: number,
  over: Record<string, unknown> = {},
): Promise<void> {
  const saved = await p.api.put<{ configState: string }>(
    `companies/id/${acme}/trackers/id/${row.id}`,
    {
      deviceId: row.deviceId,
      typeId: row.typeId,
      configActive: true,
      config: { ...base, interval, ...over },
    },
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

describe("configuration over GPS103 and Queclink", () => {
  it("GPS103: C (no answer in the protocol) and H go out; the device's ht settles it, a report does not", async () => {
    const row = await deviceOf("gps103");
    p.clock.advance(1000);
    await activate(row, 30);
    const interval = `**,imei:${row.deviceId},C,30s`;
    const speed = `**,imei:${row.deviceId},H,110`;

    const device = await TestDevice.connect(p.gateway!.ports.gps103);
    device.send(encodeGps103Logon(row.deviceId));
    expect(String(await device.read(GPS103_LOGON_ANSWER.length))).toBe(GPS103_LOGON_ANSWER);
    expect(String(await device.read(interval.length + speed.length))).toBe(`${interval}${speed}`);
    device.send(encodeGps103Heartbeat(row.deviceId));
    expect(String(await device.read(GPS103_HEARTBEAT_ANSWER.length))).toBe(GPS103_HEARTBEAT_ANSWER);
    expect((await tracker(row.id)).configState).toBe("awaiting");

    device.send(encodeGps103Confirmation(row.deviceId, "H"));
    device.send(encodeGps103Heartbeat(row.deviceId));
    expect(String(await device.read(GPS103_HEARTBEAT_ANSWER.length))).toBe(GPS103_HEARTBEAT_ANSWER);
    const after = await tracker(row.id);
    expect(after.configState).toBe("updated");
    expect(after.config).toMatchObject({ interval: 30, lastResult: "ht" });
    device.end();
  });

  it("Queclink: GTFRI carries the password of the model the device reported; +ACK:GTFRI settles it", async () => {
    const row = await deviceOf("gl200");
    p.clock.advance(1000);
    await activate(row, 90);
    const heartbeat = encodeGl200Heartbeat(row.deviceId, p.clock.now(), 1);
    const sack = `+SACK:GTHBD,${GL200_PROTOCOL_VERSION},0001$`;
    const fri = "AT+GTFRI=gl300,1,,,,,,90,90,,,,,,,,,,,,FFFF$";

    const device = await TestDevice.connect(p.gateway!.ports.gl200);
    device.send(heartbeat);
    expect(String(await device.read(sack.length))).toBe(sack);
    expect(String(await device.read(fri.length))).toBe(fri);
    expect((await tracker(row.id)).configState).toBe("awaiting");

    device.send(
      Buffer.from(`+ACK:GTFRI,${GL200_PROTOCOL_VERSION},${row.deviceId},,FFFF,20260101103005,0002$`),
    );
    device.send(heartbeat);
    expect(String(await device.read(sack.length))).toBe(sack);
    expect((await tracker(row.id)).configState).toBe("updated");
    device.end();
  });
});
