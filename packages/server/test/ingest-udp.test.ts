import dgram from "node:dgram";
import {
  calampAck,
  encodeCalampEvent,
  encodeGl200Heartbeat,
  encodeGl200Report,
  encodeH02Position,
  h02Status,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_START, type TestPlatform } from "./support/platform.ts";

/**
 * Issue 20: the families whose devices also report over UDP (H02, Queclink, Meitrack, Suntech) get a UDP listener
 * on their port number. A datagram's frames are committed before the answer goes back to its sender; garbage and
 * unknown devices never stop the listener.
 */
let p: TestPlatform;
let client: dgram.Socket;
const answers: Buffer[] = [];
const waiting: ((b: Buffer) => void)[] = [];

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  client = dgram.createSocket("udp4");
  client.on("message", (b) => {
    const w = waiting.shift();
    if (w) w(b);
    else answers.push(b);
  });
  await new Promise<void>((resolve) => client.bind(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  client?.close();
  await p?.close();
});

const nextAnswer = () =>
  new Promise<Buffer>((resolve) => {
    const queued = answers.shift();
    if (queued) resolve(queued);
    else waiting.push(resolve);
  });
const send = (port: number, datagram: Buffer) => client.send(datagram, port, "127.0.0.1");

async function deviceOf(proto: string): Promise<string> {
  const rows = await p.ctx.db.query<{ device_id: string }>(
    `select d.device_id from devices d join device_types t on t.id = d.type_id
     where t.proto = $1 and d.item_id is not null order by d.id limit 1`,
    [proto],
  );
  return rows[0]!.device_id;
}
const stored = (deviceId: string) =>
  p.ctx.db.query<{ ts: number; lat: number }>(
    `select ts::float8 as ts, lat from positions where device_id = (select id from devices where device_id = $1)
     order by ts`,
    [deviceId],
  );

describe("device reports over UDP", () => {
  it("listens on the TCP port's number for the UDP families only, and on its own port for CalAmp", () => {
    const udp = p.gateway!.udpPorts;
    expect(Object.keys(udp).sort()).toEqual(["calamp", "gl200", "h02", "meitrack", "suntech"]);
    expect(udp.h02).toBe(p.gateway!.ports.h02);
    expect(udp.calamp).toBe(p.gateway!.ports.calamp);
  });

  it("CalAmp: an acknowledged event report is stored, then ACKed with its sequence; garbage is answered nothing", async () => {
    // The demo has no CalAmp unit: one of its trackers is registered as an LMU for this test.
    const imei = "352398080000124";
    await p.ctx.db.query(
      `update devices set device_id = $1, type_id = (select id from device_types where proto = 'calamp')
       where id = (select d.id from devices d join device_types t on t.id = d.type_id
                   where t.proto = 'gt06' and d.item_id is not null order by d.id desc limit 1)`,
      [imei],
    );
    const fix = {
      timeMs: TEST_START - 30_000,
      lat: 40.47,
      lng: -3.67,
      altitude: 650,
      speedKmh: 50,
      course: 180,
      satellites: 8,
      valid: true,
    };
    send(p.gateway!.udpPorts.calamp!, Buffer.from("ffffffff", "hex"));
    send(p.gateway!.udpPorts.calamp!, encodeCalampEvent(imei, 0x0102, fix));
    expect(await nextAnswer()).toEqual(calampAck(0x0102, 2));
    expect((await stored(imei)).map((r) => r.ts)).toContain(fix.timeMs);
  });

  it("Queclink: a datagram with a report and a heartbeat is committed, then the heartbeat is answered", async () => {
    const imei = await deviceOf("gl200");
    const fix = {
      timeMs: TEST_START - 120_000,
      lat: 40.45,
      lng: -3.69,
      speedKmh: 30,
      course: 90,
      altitude: 600,
      accuracy: 1,
    };
    const report = encodeGl200Report(imei, [fix], {
      cell: { mcc: 214, mnc: 7, lac: 100, cid: 1 },
      odometerKm: 12.5,
      sendMs: TEST_START - 100_000,
      count: 1,
    });
    send(p.gateway!.udpPorts.gl200!, Buffer.from("garbage that is no frame at all$"));
    send(
      p.gateway!.udpPorts.gl200!,
      Buffer.concat([report, encodeGl200Heartbeat(imei, TEST_START - 90_000, 2)]),
    );
    expect(String(await nextAnswer())).toMatch(/^\+SACK:GTHBD,[0-9A-Z]{6},0002\$$/);
    expect((await stored(imei)).map((r) => r.ts)).toContain(fix.timeMs);
  });

  it("H02: a V1 datagram is stored (H02 answers nothing)", async () => {
    const id = await deviceOf("h02");
    const fix = { timeMs: TEST_START - 60_000, lat: 40.46, lng: -3.68, speedKmh: 0, course: 0, valid: true };
    send(p.gateway!.udpPorts.h02!, encodeH02Position(id, fix, h02Status({ ignition: false })));
    await expect
      .poll(async () => (await stored(id)).map((r) => r.ts), { timeout: 20_000 })
      .toContain(fix.timeMs);
  });

  it("an unregistered device's datagram lands in the unknown-devices list and is answered nothing", async () => {
    send(p.gateway!.udpPorts.gl200!, encodeGl200Heartbeat("860000000000999", TEST_START, 3));
    await expect
      .poll(
        async () =>
          (await p.ctx.db.query("select protocol from unknown_devices where device_id = '860000000000999'"))
            .length,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(answers).toEqual([]);
  });
});
