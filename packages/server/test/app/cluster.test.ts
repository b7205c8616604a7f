import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { emptyAlarmRule, liveServerMessageSchema } from "@vigia/domain";
import {
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06Status,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
} from "@vigia/protocols";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { configCommandTexts } from "../../src/ingest/config-commands.ts";
import { answers, freePort, type Node, runOnce, startNode, stopNode, until } from "../support/cluster.ts";
import { type SimpleFix, TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { devicePortsPicked } from "../support/platform.ts";

/**
 * Scale-out: 2 gateways, 2 processors and 2 API nodes as plain processes on one PostgreSQL schema and
 * one NATS server. Registered only when NATS_URL is set (vitest.config.ts; `.ci/run` sets it when NATS answers).
 */
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const tag = randomBytes(5).toString("hex");
const schema = `vigia_cluster_${tag}`;
const prefix = `vt${tag}`;
const PARTITIONS = 4;
const ZONE = { lat: 39.8628, lng: -4.0273, radius: 300 };

let db: pg.Client;
let nc: NatsConnection;
const nodes: Record<string, Node> = {};
let env: Record<string, string>;
const ports: Record<string, number> = {};

const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await db.query(sql, params)).rows as T[];

beforeAll(async () => {
  expect(await answers(4222), "NATS on 127.0.0.1:4222").toBe(true);
  expect(await answers(5432), "PostgreSQL on 127.0.0.1:5432").toBe(true);
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  nc = await connect({ servers: NATS_URL });
  env = {
    DATABASE_URL,
    VIGIA_DB_SCHEMA: schema,
    NATS_URL,
    VIGIA_NATS_PREFIX: prefix,
    VIGIA_PARTITIONS: String(PARTITIONS),
    VIGIA_LEASE_MS: "3000",
    VIGIA_JWT_SECRET: `cluster-test-${tag}-secret-long-enough`,
    HOST: "127.0.0.1",
    VIGIA_DEMO: "1",
    VIGIA_SIMULATE: "0",
    VIGIA_WEB_DIST: "/nonexistent",
    LOG_LEVEL: "info",
  };
  for (const name of ["api1", "api2", "gw1t", "gw1g", "gw1o", "gw2t", "gw2g", "gw2o"])
    ports[name] = await freePort();
  await runOnce("migrate", env);
  // The first API node seeds the demo on the empty schema; the others start on it.
  nodes.api1 = await startNode("api1", "api", { ...env, PORT: String(ports.api1) }, "Vigia API is running");
  const gateway = (n: 1 | 2) =>
    startNode(
      `gw${n}`,
      "gateway",
      {
        ...env,
        ...devicePortsPicked(),
        TELTONIKA_PORT: String(ports[`gw${n}t`]),
        GT06_PORT: String(ports[`gw${n}g`]),
        OSMAND_PORT: String(ports[`gw${n}o`]),
      },
      "device gateway listening",
    );
  const started = await Promise.all([
    startNode("api2", "api", { ...env, PORT: String(ports.api2) }, "Vigia API is running"),
    gateway(1),
    gateway(2),
    startNode("proc1", "processor", env, "processor consuming"),
    startNode("proc2", "processor", env, "processor consuming"),
  ]);
  for (const node of started) nodes[node.name] = node;
}, 180_000);

afterAll(async () => {
  if (process.env.CLUSTER_TEST_LOGS)
    for (const node of Object.values(nodes))
      (await import("node:fs")).writeFileSync(
        `${process.env.CLUSTER_TEST_LOGS}/${node.name}.log`,
        node.log(),
      );
  await Promise.all(Object.values(nodes).map((node) => stopNode(node)));
  if (nc) {
    const jsm = await jetstreamManager(nc);
    for (const stream of [`${prefix.toUpperCase()}_INGEST`, `KV_${prefix}_owners`])
      await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  }
  if (db && !process.env.CLUSTER_TEST_LOGS) {
    await db.query(`drop schema if exists "${schema}" cascade`);
    await db.end();
  }
}, 60_000);

/** Partition → owning processor's pid, from the processors' lease bucket. */
async function owners(): Promise<Map<number, number>> {
  const kv = await new Kvm(nc).open(`${prefix}_owners`);
  const out = new Map<number, number>();
  for (let p = 0; p < PARTITIONS; p++) {
    const entry = await kv.get(`part.${p}`);
    if (entry?.operation === "PUT") out.set(p, Number(entry.string().split("-")[0]));
  }
  return out;
}

/** Same hash as the gateway (ingest/jetstream.ts): the partition of a device. */
async function partitionOf(imei: string): Promise<number> {
  const { partitionOf: hash } = await import("../../src/ingest/jetstream.ts");
  return hash(imei, PARTITIONS);
}

interface Device {
  imei: string;
  proto: "teltonika" | "gt06";
  vehicleId: number;
  acked: number[];
}

async function login(port: number): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/fr/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin@acme.demo", password: "Demo1234" }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { accessToken: string }).accessToken;
}

/** Streams Teltonika packets of 5 fixes, each acknowledged before the next (as a tracker does). */
async function runTeltonika(device: Device, port: number, fixes: (batch: number) => SimpleFix[] | null) {
  const socket = await TestDevice.connect(port);
  socket.send(teltonikaHandshake(device.imei));
  expect((await socket.read(1))[0]).toBe(1);
  for (let batch = 0; ; batch++) {
    const packet = fixes(batch);
    if (!packet) break;
    socket.send(teltonikaPacket(packet));
    const count = (await socket.read(4)).readUInt32BE(0);
    device.acked.push(...packet.slice(0, count).map((f) => f.ts));
  }
  socket.end();
}

/** GT06 locations are not answered one by one: a status message after them is, once they are stored. */
async function runGt06(device: Device, port: number, fixes: SimpleFix[]) {
  const socket = await TestDevice.connect(port);
  socket.send(encodeGt06Login(device.imei, 1));
  await socket.read(10);
  let serial = 2;
  for (let i = 0; i < fixes.length; i += 4) {
    const chunk = fixes.slice(i, i + 4);
    for (const f of chunk)
      socket.send(
        encodeGt06Location(
          {
            timeMs: f.ts,
            lat: f.lat,
            lng: f.lng,
            speedKmh: f.spd,
            course: 90,
            satellites: 8,
            positioned: true,
          },
          { mcc: 214, mnc: 1, lac: 100, cellId: 200 },
          true,
          { uploadMode: 0, reupload: false },
          serial++,
        ),
      );
    socket.send(
      encodeGt06Status(
        { acc: true, charging: true, gpsTracking: true, voltageLevel: 6, gsmSignal: 4 },
        serial++,
      ),
    );
    await socket.read(10);
    device.acked.push(...chunk.map((f) => f.ts));
  }
  socket.end();
}

describe("cluster: gateways, processors and API nodes over NATS JetStream", () => {
  it("keeps every ACKed position once, fails over a killed processor, fires an alarm once, serves live on any API node", async () => {
    const acme = (
      await q<{ id: number }>(`select id from "${schema}".companies where name = 'Acme Logistics'`)
    )[0]!.id;
    const rows = await q<{ device_id: string; proto: "teltonika" | "gt06"; item_id: number }>(
      `select d.device_id, t.proto, d.item_id from "${schema}".devices d join "${schema}".device_types t on t.id = d.type_id
       where d.company_id = $1 and d.item_type = 1 and t.proto in ('teltonika', 'gt06') order by d.id`,
      [acme],
    );
    const teltonika = rows.filter((r) => r.proto === "teltonika").slice(0, 5);
    const gt06 = rows.filter((r) => r.proto === "gt06").slice(0, 1);
    expect(teltonika.length).toBe(5);
    expect(gt06.length).toBe(1);
    const devices: Device[] = [...teltonika, ...gt06].map((r) => ({
      imei: r.device_id,
      proto: r.proto,
      vehicleId: r.item_id,
      acked: [],
    }));
    const alarmed = devices[0]!;

    // Both processors hold partitions before the stream starts (the second one took its share from the first).
    await until("both processors to hold partitions", async () => {
      const held = await owners();
      return held.size === PARTITIONS && new Set(held.values()).size === 2 ? held : undefined;
    });

    // A geozone and a rule on the alarmed vehicle, through API node 1.
    const token1 = await login(ports.api1!);
    const api1 = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${ports.api1}/fr/v1/companies/id/${acme}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token1}` },
        body: JSON.stringify(body),
      });
    // Through the API: the processors hear that the company's places changed.
    const zoneCreated = await api1("geozones", { name: "Depot", type: "circle", group: null, ...ZONE });
    expect(zoneCreated.status, await zoneCreated.clone().text()).toBe(200);
    const zone = (await zoneCreated.json()) as { id: number };
    const rule = emptyAlarmRule();
    rule.items.vehicleIds = [alarmed.vehicleId];
    rule.info.name = "Depot entry";
    rule.info.priority = 3;
    rule.info.family = 5;
    rule.info.geozones = { geozoneIds: [zone.id], toIn: true, toOut: false };
    const created = await api1("alarms", rule);
    expect(created.status, await created.clone().text()).toBe(200);

    // A browser-side live client on API node 2.
    const token2 = await login(ports.api2!);
    const ws = new WebSocket(`ws://127.0.0.1:${ports.api2}/fr/ws/`);
    const seen: { type: string; id?: number; ts?: number }[] = [];
    ws.on("message", (raw) => {
      for (const item of [JSON.parse(String(raw))].flat()) {
        const parsed = liveServerMessageSchema.safeParse(item);
        if (!parsed.success) continue;
        const m = parsed.data;
        if (m.type === "vPos") seen.push({ type: m.type, id: m.data.id, ts: m.data.pos.ts });
        else seen.push({ type: m.type });
      }
    });
    await new Promise<void>((resolve) => ws.on("open", () => resolve()));
    ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token2 } }));
    ws.send(JSON.stringify({ type: "bindCompany", data: { id: acme } }));
    await until("the company bound on API node 2", () =>
      seen.some((m) => m.type === "bindCompany") ? true : undefined,
    );

    // Kill the processor that holds the alarmed device's partition once a third of the stream is ACKed.
    const held = await owners();
    const victimPid = held.get(await partitionOf(alarmed.imei))!;
    const victim = [nodes.proc1!, nodes.proc2!].find((n) => n.child.pid === victimPid)!;
    expect(victim).toBeDefined();
    const BATCHES = 40;
    const total = 5 * BATCHES * 5 + 48;
    let killed = false;
    const maybeKill = () => {
      const acked = devices.reduce((n, d) => n + d.acked.length, 0);
      if (!killed && acked >= total / 3) {
        killed = true;
        victim.child.kill("SIGKILL");
      }
    };
    const start = Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000;
    const gateOf = (i: number) => (i % 2 === 0 ? "gw1" : "gw2");
    const streams = devices.map(async (device, i) => {
      const port = ports[`${gateOf(i)}${device.proto === "teltonika" ? "t" : "g"}`]!;
      if (device.proto === "gt06") {
        const fixes = Array.from({ length: 48 }, (_, k) => ({
          ts: start + k * 1000,
          lat: 40.4 + k * 0.0001,
          lng: -3.7,
          spd: 30,
        }));
        return runGt06(device, port, fixes);
      }
      let entered = 0;
      return runTeltonika(device, port, (batch) => {
        maybeKill();
        if (batch >= BATCHES) return null;
        return Array.from({ length: 5 }, (_, k) => {
          const n = batch * 5 + k;
          if (device !== alarmed)
            return { ts: start + n * 1000, lat: 40.4 + n * 0.0001, lng: -3.6 - i * 0.1, spd: 30 };
          // The alarmed vehicle waits 400 m north of the depot until the processor is killed, then drives in
          // (8 m a second): its entry is judged by the processor that took the partition over.
          const north = killed ? Math.max(0, 400 - 8 * entered++) : 400;
          return {
            ts: start + n * 1000,
            lat: ZONE.lat + north / 111_320,
            lng: ZONE.lng,
            spd: north > 0 && killed ? 30 : 0,
          };
        });
      });
    });
    await Promise.all(streams);
    expect(killed).toBe(true);
    // The survivor took the dead processor's partitions over once its leases ran out.
    const survivor = [nodes.proc1!, nodes.proc2!].find((n) => n !== victim)!;
    await until("the survivor to hold every partition", async () => {
      const after = await owners();
      return after.size === PARTITIONS && [...after.values()].every((pid) => pid === survivor.child.pid)
        ? true
        : undefined;
    });

    // Every ACKed position is stored, once.
    for (const device of devices) {
      const expected = [...device.acked].sort((a, b) => a - b);
      const stored = await until(`${device.imei}'s positions committed`, async () => {
        const got = await q<{ ts: string }>(
          `select p.ts from "${schema}".positions p join "${schema}".devices d on d.id = p.device_id
           where d.device_id = $1 order by p.ts`,
          [device.imei],
        );
        return got.length >= expected.length ? got.map((r) => Number(r.ts)) : undefined;
      });
      expect(stored).toEqual(expected);
    }

    // The live client on API node 2 saw positions sent to gateway 1, up to the alarmed vehicle's last one.
    const last = Math.max(...alarmed.acked);
    await until("the alarmed vehicle's last position on API node 2", () =>
      seen.some((m) => m.type === "vPos" && m.id === alarmed.vehicleId && m.ts === last) ? true : undefined,
    );
    // The alarm is stored after its batch's live messages went out: wait for its notice on API node 2.
    await until("the alarm notice on API node 2", () =>
      seen.some((m) => m.type === "alarmlog") ? true : undefined,
    );
    // Then let every frame be acknowledged (nothing left to deliver again) and send one more position: the
    // processor applies batches one after another, so once its message arrives every earlier alarm was handled.
    const jsm = await jetstreamManager(nc);
    await until("every partition drained", async () => {
      for (let p = 0; p < PARTITIONS; p++) {
        const info = await jsm.consumers.info(`${prefix.toUpperCase()}_INGEST`, `p${p}`);
        if (info.num_pending > 0 || info.num_ack_pending > 0) return undefined;
      }
      return true;
    });
    const sentinel = last + 1000;
    await runTeltonika(alarmed, ports.gw1t!, (batch) =>
      batch === 0 ? [{ ts: sentinel, lat: ZONE.lat, lng: ZONE.lng, spd: 0 }] : null,
    );
    await until("the last position's message on API node 2", () =>
      seen.some((m) => m.type === "vPos" && m.id === alarmed.vehicleId && m.ts === sentinel)
        ? true
        : undefined,
    );
    const logs = await q<{ n: number }>(
      `select count(*)::int as n from "${schema}".alarm_logs where item_id = $1`,
      [alarmed.vehicleId],
    );
    expect(logs[0]!.n).toBe(1);
    ws.close();
  }, 300_000);

  it("records unknown devices and delivers device configuration from the gateways, reading the database", async () => {
    const unknown = await TestDevice.connect(ports.gw2t!);
    unknown.send(teltonikaHandshake("359999999999998"));
    await expect(unknown.read(1)).rejects.toThrow("closed");
    expect(
      await q(`select protocol from "${schema}".unknown_devices where device_id = '359999999999998'`),
    ).toEqual([{ protocol: "teltonika" }]);

    const acme = (
      await q<{ id: number }>(`select id from "${schema}".companies where name = 'Acme Logistics'`)
    )[0]!.id;
    const token = await login(ports.api2!);
    const api2 = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${ports.api2}/fr/v1/companies/id/${acme}/${path}`, {
        ...init,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      });
    const trackers = (await (await api2("trackers")).json()) as Record<
      string,
      { id: number; deviceId: string; typeId: number; configState: string }
    >;
    const teltonikaIds = new Set(
      (
        await q<{ device_id: string }>(
          `select d.device_id from "${schema}".devices d join "${schema}".device_types t on t.id = d.type_id
           where t.proto = 'teltonika'`,
        )
      ).map((r) => r.device_id),
    );
    const row = Object.values(trackers).find((t) => teltonikaIds.has(t.deviceId))!;
    const settings = {
      apn: "m2m.movistar",
      server: "gw.vigia.demo",
      port: 5027,
      speedLimit: 110,
      interval: 30,
      sleepTime: 15,
    };
    const saved = await api2(`trackers/id/${row.id}`, {
      method: "PUT",
      body: JSON.stringify({
        deviceId: row.deviceId,
        typeId: row.typeId,
        configActive: true,
        config: settings,
      }),
    });
    expect(saved.status).toBe(200);
    const [text] = configCommandTexts("teltonika", settings);
    const expected = encodeTeltonikaCommand(text!);

    const device = await TestDevice.connect(ports.gw1t!);
    device.send(teltonikaHandshake(row.deviceId));
    expect((await device.read(1))[0]).toBe(1);
    expect(await device.read(expected.length)).toEqual(expected);
    device.send(encodeTeltonikaResponse("New value 2001:m2m.movistar;"));
    // The gateway handles a connection's messages in order: the ACK of this packet means the answer is recorded.
    device.send(teltonikaPacket([{ ts: Date.now() - 1000, lat: 40.41, lng: -3.7, spd: 0 }]));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    device.end();
    const after = (await (await api2("trackers")).json()) as typeof trackers;
    expect(after[row.id]!.configState).toBe("updated");
  }, 120_000);
});
