/**
 * cluster: positions per second through the scale-out roles with 1 and with 2 processors: one
 * `vigia gateway` and N `vigia processor` child processes on one PostgreSQL schema and one NATS JetStream server.
 * Teltonika frames go in over TCP; the figure counts from the first frame until the last position is committed
 * (polled in the database), and the gateway's own ACK rate (JetStream stored) beside it. Needs NATS (run.mjs
 * includes it only when NATS answers) and PostgreSQL (DATABASE_URL, else 127.0.0.1:5432 when it answers).
 * Prints one JSON line.
 */
import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { connect } from "@nats-io/transport-node";
import { protocols } from "@vigia/protocols";
import { ensureDefaultSite, ensureDeviceTypes, seedDemo } from "../packages/server/src/demo/index.ts";
import { readConfig, systemClock } from "../packages/server/src/kernel/config.ts";
import { migrate } from "../packages/server/src/kernel/db/migrate.ts";
import { openDatabase } from "../packages/server/src/kernel/db/open.ts";
import {
  answers,
  freePort,
  type Node,
  startNode,
  stopNode,
  until,
} from "../packages/server/test/support/cluster.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../packages/server/test/support/devices.ts";
import { type BenchDevice, createBenchFleet, round } from "./support.ts";

const DEVICES = Number(process.env.BENCH_CLUSTER_DEVICES ?? 200);
const PACKETS = Number(process.env.BENCH_CLUSTER_PACKETS ?? 25);
const RECORDS = 10;
const PARTITIONS = 8;
const NATS_URL = process.env.NATS_URL || "nats://127.0.0.1:4222";

async function run(databaseUrl: string, processors: number) {
  const tag = randomBytes(5).toString("hex");
  const schema = `vigia_bench_cluster_${tag}`;
  const prefix = `bench${tag}`;
  const env = {
    DATABASE_URL: databaseUrl,
    VIGIA_DB_SCHEMA: schema,
    NATS_URL,
    VIGIA_NATS_PREFIX: prefix,
    VIGIA_PARTITIONS: String(PARTITIONS),
    HOST: "127.0.0.1",
    VIGIA_DEMO: "0",
    LOG_LEVEL: "info",
  };
  const db = await openDatabase(readConfig(env));
  await migrate(db);
  await ensureDefaultSite(db);
  await ensureDeviceTypes(db);
  await seedDemo(db, systemClock);
  const devices: BenchDevice[] = Array.from({ length: DEVICES }, (_, i) => ({
    imei: `87${String(i).padStart(13, "0")}`,
    protocol: "teltonika",
    kind: "vehicle",
  }));
  await createBenchFleet(db, devices);
  const nodes: Node[] = [];
  const nc = await connect({ servers: NATS_URL });
  try {
    const teltonika = await freePort();
    nodes.push(
      await startNode(
        "gateway",
        "gateway",
        {
          ...env,
          // Every other listener on a port the system picks.
          ...Object.fromEntries(Object.keys(protocols).map((name) => [`${name.toUpperCase()}_PORT`, "0"])),
          TELTONIKA_PORT: String(teltonika),
        },
        "device gateway listening",
      ),
    );
    for (let i = 0; i < processors; i++)
      nodes.push(await startNode(`processor${i}`, "processor", env, "processor consuming"));
    // Measure once the processors have shared the partitions out.
    const kv = await new Kvm(nc).open(`${prefix}_owners`);
    await until("partitions shared", async () => {
      const owners = new Set<string>();
      for (let p = 0; p < PARTITIONS; p++) {
        const entry = await kv.get(`part.${p}`);
        if (entry?.operation === "PUT") owners.add(entry.string());
        else return undefined;
      }
      return owners.size === processors ? true : undefined;
    });

    const connections = await Promise.all(devices.map(() => TestDevice.connect(teltonika)));
    await Promise.all(
      connections.map(async (c, i) => {
        c.send(teltonikaHandshake(devices[i]!.imei));
        await c.read(1);
      }),
    );
    const total = DEVICES * PACKETS * RECORDS;
    const base = Date.now() - 2 * 3_600_000;
    const started = performance.now();
    await Promise.all(
      connections.map(async (c, d) => {
        for (let k = 0; k < PACKETS; k++) {
          const fixes = Array.from({ length: RECORDS }, (_, r) => ({
            ts: base + (k * RECORDS + r) * 1000,
            lat: 40.4 + d * 0.001 + k * 0.0001,
            lng: -3.7 + r * 0.0001,
            spd: 40,
          }));
          c.send(teltonikaPacket(fixes));
          await c.read(4);
        }
      }),
    );
    const acked = performance.now();
    await until(
      "every position committed",
      async () => {
        // A node that died would leave the count short forever: say so rather than wait out the deadline.
        const dead = nodes.find((n) => n.child.exitCode !== null || n.child.signalCode !== null);
        if (dead) throw new Error(`${dead.name} exited: ${dead.log().slice(-2000)}`);
        const rows = await db.query<{ n: number }>("select count(*)::int as n from positions");
        return rows[0]!.n >= total ? true : undefined;
      },
      600_000,
    );
    const committed = performance.now();
    for (const c of connections) c.end();
    return {
      processors,
      positions: total,
      positionsPerSecondAcked: round(total / ((acked - started) / 1000)),
      positionsPerSecondCommitted: round(total / ((committed - started) / 1000)),
    };
  } finally {
    await Promise.all(nodes.map((node) => stopNode(node)));
    const jsm = await jetstreamManager(nc);
    for (const stream of [`${prefix.toUpperCase()}_INGEST`, `KV_${prefix}_owners`])
      await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
    await db.query(`drop schema if exists "${schema}" cascade`);
    await db.close();
  }
}

const databaseUrl =
  process.env.DATABASE_URL || ((await answers(5432)) ? "postgres://postgres@127.0.0.1:5432/test" : "");
if (!databaseUrl) {
  console.log(
    JSON.stringify({ bench: "cluster", skipped: "needs PostgreSQL (DATABASE_URL or 127.0.0.1:5432)" }),
  );
} else {
  const one = await run(databaseUrl, 1);
  const two = await run(databaseUrl, 2);
  console.log(
    JSON.stringify({ bench: "cluster", devices: DEVICES, partitions: PARTITIONS, runs: [one, two] }),
  );
}
process.exit(0);
