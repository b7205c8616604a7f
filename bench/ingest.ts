/**
 * ingest: positions per second end to end — Teltonika TCP frames in, committed, ACKed, delivered on the live
 * channel — in two shapes, on PGlite on disk (BENCH_PGLITE=memory: in memory) and on PostgreSQL when DATABASE_URL
 * is set, each against its own reference in the same run:
 * - burst: BENCH_INGEST_DEVICES devices each sending BENCH_INGEST_PACKETS packets of 10 fixes as fast as ACKs
 *   come back;
 * - reference: COPY of the very rows the burst stored (read back) into a table `like positions including all`,
 *   partitioned as positions is (company, then day), so it pays for the same indexes and routing;
 * - fleet: BENCH_FLEET_DEVICES devices (a separate process) each sending a packet of BENCH_FLEET_RECORDS fixes every
 *   BENCH_FLEET_INTERVAL_MS for BENCH_FLEET_SECONDS, with BENCH_FLEET_RULES alarm rules on every item and a live
 *   channel bound to the company: offered and ACKed positions per second, ACK delay p50/p99.
 * Prints one JSON line.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { POSITION_COLUMNS } from "../packages/server/src/ingest/position-rows.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../packages/server/test/support/devices.ts";
import { cpuMsSince, postgresCpuMs } from "./cpu.ts";
import {
  addBenchRules,
  type BenchDevice,
  createBenchFleet,
  percentile,
  round,
  signIn,
  startBenchPlatform,
} from "./support.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DEVICES = env("BENCH_INGEST_DEVICES", 200);
const PACKETS = env("BENCH_INGEST_PACKETS", 25);
const RECORDS = 10;
const FLEET_DEVICES = env("BENCH_FLEET_DEVICES", 2000);
const FLEET_RECORDS = env("BENCH_FLEET_RECORDS", 10);
const FLEET_INTERVAL_MS = env("BENCH_FLEET_INTERVAL_MS", 2000);
const FLEET_SECONDS = env("BENCH_FLEET_SECONDS", 12);
const FLEET_RULES = env("BENCH_FLEET_RULES", 30);

/**
 * Run with `--cpu-prof`: the burst's start and end on the profile's clock (CLOCK_MONOTONIC in microseconds, as
 * `process.hrtime`), so a profile's samples can be summed over the burst alone, without start-up and COPY.
 */
const PROFILING = process.execArgv.some((a) => a.startsWith("--cpu-prof"));
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

type Platform = Awaited<ReturnType<typeof startBenchPlatform>>;

/**
 * A live-channel client bound to the company, counting position messages and the items whose position reached
 * `lastTs` (the live channel coalesces a busy item's positions into its newest: the last one always arrives).
 */
async function liveClient(url: string, token: string, companyId: number, lastTs = Number.POSITIVE_INFINITY) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/fr/ws/`);
  const current = new Set<number>();
  const counter = { positions: 0, current, close: () => ws.close() };
  ws.on("message", (raw) => {
    for (const m of [JSON.parse(String(raw))].flat() as {
      type: string;
      data?: { id?: number; pos?: { ts?: number } };
    }[])
      if (m.type === "vPos") {
        counter.positions += 1;
        if (m.data?.id !== undefined && (m.data.pos?.ts ?? 0) >= lastTs) current.add(m.data.id);
      }
  });
  await new Promise<void>((resolve) => ws.on("open", () => resolve()));
  ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token } }));
  ws.send(JSON.stringify({ type: "bindCompany", data: { id: companyId } }));
  return counter;
}

async function burst(platform: Platform, token: string, postgres: boolean) {
  const devices: BenchDevice[] = Array.from({ length: DEVICES }, (_, i) => ({
    imei: `86${String(i).padStart(13, "0")}`,
    protocol: "teltonika",
    kind: "vehicle",
  }));
  const companyId = await createBenchFleet(platform.ctx.db, devices);
  const total = DEVICES * PACKETS * RECORDS;
  const base = Date.now() - 2 * 3_600_000;
  const lastTs = base + (PACKETS * RECORDS - 1) * 1000;
  const live = await liveClient(platform.url, token, companyId, lastTs);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const connections = await Promise.all(
    devices.map(() => TestDevice.connect(platform.gateway!.ports.teltonika)),
  );
  await Promise.all(
    connections.map(async (c, i) => {
      c.send(teltonikaHandshake(devices[i]!.imei));
      await c.read(1);
    }),
  );
  const delays: number[] = [];
  const cpu = process.cpuUsage();
  // The machine's PostgreSQL serves other work during a PGlite run: read only when it is the database measured.
  const pgCpu = postgres ? postgresCpuMs() : null;
  const started = performance.now();
  const startedUs = monotonicUs();
  await Promise.all(
    connections.map(async (c, d) => {
      for (let k = 0; k < PACKETS; k++) {
        const fixes = Array.from({ length: RECORDS }, (_, r) => ({
          ts: base + (k * RECORDS + r) * 1000,
          lat: 40.4 + d * 0.001 + k * 0.0001,
          lng: -3.7 + r * 0.0001,
          spd: 40,
        }));
        const t = performance.now();
        c.send(teltonikaPacket(fixes));
        await c.read(4);
        delays.push(performance.now() - t);
      }
    }),
  );
  const acked = performance.now();
  const ackedUs = monotonicUs();
  const processCpuMs = cpuMsSince(cpu);
  const pgCpuEnd = postgresCpuMs();
  const deadline = Date.now() + 60_000;
  while (live.current.size < DEVICES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const delivered = performance.now();
  for (const c of connections) c.end();
  live.close();
  delays.sort((a, b) => a - b);
  return {
    companyId,
    result: {
      devices: DEVICES,
      positions: total,
      positionsPerSecondAcked: round(total / ((acked - started) / 1000)),
      // Until every item's newest position was on the live channel (its earlier ones may be coalesced away).
      positionsPerSecondDelivered: round(total / ((delivered - started) / 1000)),
      liveMessages: live.positions,
      itemsCurrentOnLive: live.current.size,
      ackP50Ms: round(percentile(delays, 50)),
      ackP99Ms: round(percentile(delays, 99)),
      ...cpuPer100k(total, processCpuMs, pgCpu, pgCpuEnd),
      ...(PROFILING ? { profileWindowUs: [startedUs, ackedUs] } : {}),
    },
  };
}

/**
 * CPU seconds per 100,000 positions, steadier than positions/s on a busy machine: this process (the server and,
 * on PGlite, its embedded database, which runs in a thread of it) and the PostgreSQL server's processes on this
 * machine (null on PGlite, or when they cannot be read).
 */
function cpuPer100k(positions: number, processCpuMs: number, pgStart: number | null, pgEnd: number | null) {
  const per100k = (ms: number) => round((ms / 1000) * (100_000 / positions), 3);
  return {
    processCpuSecondsPer100k: per100k(processCpuMs),
    postgresCpuSecondsPer100k: pgStart !== null && pgEnd !== null ? per100k(pgEnd - pgStart) : null,
  };
}

/** COPY of the rows the burst stored into a copy of positions with the same indexes and partitioning. */
async function copyReference(platform: Platform, companyId: number, postgres: boolean) {
  const db = platform.ctx.db;
  const columns = POSITION_COLUMNS.join(", ");
  const rows = await db.query<Record<string, unknown>>(
    `select ${columns} from positions where company_id = $1 order by ts, device_id`,
    [companyId],
  );
  const csv = rows
    .map((r) =>
      POSITION_COLUMNS.map((c) => {
        const v = r[c];
        if (c === "attributes") return `"${JSON.stringify(v).replaceAll('"', '""')}"`;
        if (typeof v === "boolean") return v ? "t" : "f";
        return v === null ? "" : String(v);
      }).join(","),
    )
    .join("\n");
  const days = await db.query<{ day: number }>(
    "select distinct (ts / 86400000) * 86400000 as day from positions where company_id = $1",
    [companyId],
  );
  await db.exec(`create table bench_copy (like positions including all) partition by list (company_id);
    create table bench_copy_c partition of bench_copy for values in (${companyId}) partition by range (ts);
    ${days
      .map(
        ({ day }) =>
          `create table bench_copy_c_${day} partition of bench_copy_c for values from (${day}) to (${Number(day) + 86_400_000});`,
      )
      .join("\n")}`);
  const cpu = process.cpuUsage();
  const pgCpu = postgres ? postgresCpuMs() : null;
  const started = performance.now();
  await db.copyFromCsv("bench_copy", POSITION_COLUMNS, `${csv}\n`);
  const rowsPerSecond = round(rows.length / ((performance.now() - started) / 1000));
  const cost = cpuPer100k(rows.length, cpuMsSince(cpu), pgCpu, postgresCpuMs());
  return {
    rowsPerSecond,
    processCpuSecondsPer100k: cost.processCpuSecondsPer100k,
    postgresCpuSecondsPer100k: cost.postgresCpuSecondsPer100k,
  };
}

async function fleet(platform: Platform, token: string) {
  const prefix = "87";
  const devices: BenchDevice[] = Array.from({ length: FLEET_DEVICES }, (_, i) => ({
    imei: `${prefix}${String(i).padStart(13, "0")}`,
    protocol: "teltonika",
    kind: "vehicle",
  }));
  const companyId = await createBenchFleet(platform.ctx.db, devices);
  await addBenchRules(platform.ctx.db, platform.url, token, companyId, FLEET_RULES);
  const live = await liveClient(platform.url, token, companyId);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./fleet-devices.ts", import.meta.url))],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        FLEET_PORT: String(platform.gateway!.ports.teltonika),
        FLEET_DEVICES: String(FLEET_DEVICES),
        FLEET_PREFIX: prefix,
        FLEET_RECORDS: String(FLEET_RECORDS),
        FLEET_INTERVAL_MS: String(FLEET_INTERVAL_MS),
        FLEET_DURATION_S: String(FLEET_SECONDS),
      },
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise((resolve) => child.on("exit", resolve));
  live.close();
  const last = out.trim().split("\n").pop() ?? "";
  if (!last.startsWith("{"))
    return { devices: FLEET_DEVICES, error: "the device process ended without a report" };
  const report = JSON.parse(last) as {
    connected: number;
    refused: number;
    sent: number;
    acked: number;
    errors: number;
    seconds: number;
    ackP50Ms: number;
    ackP99Ms: number;
  };
  return {
    devices: FLEET_DEVICES,
    rules: FLEET_RULES,
    offeredPerSecond: round((FLEET_DEVICES * FLEET_RECORDS * 1000) / FLEET_INTERVAL_MS),
    sentPerSecond: round(report.sent / report.seconds),
    ackedPerSecond: round(report.acked / report.seconds),
    ackP50Ms: report.ackP50Ms,
    ackP99Ms: report.ackP99Ms,
    connected: report.connected,
    refused: report.refused,
    errors: report.errors,
    liveMessages: live.positions,
  };
}

async function run(databaseUrl: string | null) {
  const platform = await startBenchPlatform(databaseUrl);
  try {
    const token = await signIn(platform.url, "super@vigia.demo");
    const { companyId, result } = await burst(platform, token, databaseUrl !== null);
    const copy = await copyReference(platform, companyId, databaseUrl !== null);
    return {
      ...result,
      copyRowsPerSecond: copy.rowsPerSecond,
      ackedShareOfCopy: round(result.positionsPerSecondAcked / copy.rowsPerSecond, 3),
      copyProcessCpuSecondsPer100k: copy.processCpuSecondsPer100k,
      copyPostgresCpuSecondsPer100k: copy.postgresCpuSecondsPer100k,
      fleet: FLEET_DEVICES > 0 ? await fleet(platform, token) : null,
    };
  } finally {
    await platform.dispose();
  }
}

const result: Record<string, unknown> = { bench: "ingest", pglite: await run(null) };
if (process.env.DATABASE_URL) result.postgresql = await run(process.env.DATABASE_URL);
console.log(JSON.stringify(result));
process.exit(0);
