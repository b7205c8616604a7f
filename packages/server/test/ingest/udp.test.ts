import dgram from "node:dgram";
import {
  calampAck,
  encodeCalampEvent,
  encodeGl200Heartbeat,
  encodeGl200Report,
  encodeH02Position,
  h02Status,
  isProtocolName,
} from "@vigia/protocols";
import { ALL_PROTOCOLS, startSimulation } from "@vigia/sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * The families whose devices also report over UDP (H02, Queclink, Meitrack, Suntech) get a UDP listener
 * on their port number, CalAmp (UDP only) one on its own port. A datagram's frames are committed before the answer
 * goes back to its sender; garbage and unknown devices never stop the listener. The demo's CalAmp unit, run by the
 * simulator, reaches live state through it.
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
    const imei = await deviceOf("calamp");
    expect(imei).toMatch(/^\d{15}$/);
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

  it("the demo's CalAmp unit, simulated against the port the gateway bound (CALAMP_PORT=0 here), reaches live state", async () => {
    // The demo simulation reads devices by tracker type and hands the simulator the gateway's bound ports; every
    // device protocol of the demo is one the simulator speaks (the worker app is no tracker).
    const protos = await p.ctx.db.query<{ proto: string }>(
      `select distinct t.proto from devices d join device_types t on t.id = d.type_id where d.item_id is not null`,
    );
    const unspoken = protos
      .map((r) => r.proto)
      .filter((proto) => isProtocolName(proto) && !ALL_PROTOCOLS.some((x) => x === proto));
    expect(unspoken).toEqual([]);
    expect(protos.map((r) => r.proto)).toContain("calamp");
    const [unit] = await p.ctx.db.query<{
      id: number;
      device_id: string;
      item_type: number;
      item_id: number;
    }>(
      `select d.id, d.device_id, d.item_type, d.item_id from devices d join device_types t on t.id = d.type_id
       where t.proto = 'calamp' and d.item_id is not null order by d.id limit 1`,
    );
    expect(unit?.item_type).toBe(1);
    // The simulator's first fix is taken one interval on, at that moment.
    const sentAt = p.clock.now() + 1000;
    const applied = new Promise<void>((resolve) =>
      p.services.live.onApplied((batch) => {
        if (batch.some((a) => a.binding.deviceRowId === unit!.id && a.position.ts === sentAt)) resolve();
      }),
    );
    // Where the previous test's fix left the unit, so its first simulated fix is no GPS jump from there.
    const centre = { lat: 40.47, lng: -3.67 };
    const device = { imei: unit!.device_id, protocol: "calamp", kind: "vehicle", start: centre } as const;
    const sim = startSimulation([device], {
      host: "127.0.0.1",
      ports: p.gateway!.ports,
      intervalS: 1,
      seed: 1,
      center: centre,
      clock: () => p.clock.now(),
      manual: true,
    });
    try {
      expect(p.gateway!.ports.calamp).toBe(p.gateway!.udpPorts.calamp);
      p.clock.set(sentAt);
      sim.tick();
      expect(sim.stats()).toMatchObject({ devices: 1, sent: 1 });
      await applied;
      const pos = p.services.live.state(1, unit!.item_id)?.pos;
      expect(pos?.ts).toBe(sentAt);
      expect(Math.abs((pos?.lat ?? 0) - centre.lat)).toBeLessThan(0.005);
      expect(Math.abs((pos?.lng ?? 0) - centre.lng)).toBeLessThan(0.005);
      expect((await stored(unit!.device_id)).map((r) => r.ts)).toContain(sentAt);
      // The gateway's ACK reaches the simulated unit, which then holds nothing.
      while (sim.stats().acked < 1) await new Promise((resolve) => setImmediate(resolve));
      expect(sim.stats()).toMatchObject({ sent: 1, acked: 1, buffered: 0, errors: 0 });
    } finally {
      await sim.stop();
    }
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
