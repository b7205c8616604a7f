/**
 * soak: the server under a fleet for minutes — BENCH_SOAK_DEVICES simulated devices (default 20,000; Teltonika,
 * GT06 and OsmAnd, from a separate simulator process) every BENCH_SOAK_INTERVAL seconds, and BENCH_SOAK_CLIENTS
 * live-channel clients (default 200, in a process of their own) bound to the company, for BENCH_SOAK_MINUTES
 * (default 10). PGlite on disk, or PostgreSQL when DATABASE_URL is set. Reports RSS at start (once every device has
 * reported) and at the end, the server process's CPU seconds (in all and per 100k positions stored while
 * measuring), event-loop delay, the live lag one client sees (p50/p99 of arrival minus the gateway's read of the
 * frame), errors (simulator and live channel) and positions lost: acknowledged to the simulator but not stored.
 * Not part of `npm run bench` (minutes long): run `npm run bench soak`. Prints one JSON line.
 */
import { spawn } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { makeDevices } from "@vigia/sim";
import { startLiveClients } from "./live-clients.ts";
import { createBenchFleet, percentile, round, signIn, startBenchPlatform } from "./support.ts";

const DEVICES = Number(process.env.BENCH_SOAK_DEVICES ?? 20_000);
const INTERVAL_S = Number(process.env.BENCH_SOAK_INTERVAL ?? 10);
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 200);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const PREFIX = "8900000";
const SIM_STOP_MS = 30_000;
const DRAIN_MS = Number(process.env.BENCH_SOAK_DRAIN_S ?? 180) * 1000;

/** Whether `work` settled within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

const mb = (bytes: number) => round(bytes / 1024 / 1024);
const platform = await startBenchPlatform(process.env.DATABASE_URL || null);
const devices = makeDevices(DEVICES, ["teltonika", "gt06", "osmand"], PREFIX);
const companyId = await createBenchFleet(platform.ctx.db, devices);
const token = await signIn(platform.url, "super@vigia.demo");

// The browsers run in a process of their own (live-clients.ts): the server's RSS and event loop are its own.
const clients = await startLiveClients(platform.url, token, companyId, CLIENTS);

const ports = platform.gateway!.ports;
const sim = spawn(
  process.execPath,
  [
    fileURLToPath(new URL("../packages/sim/bin/vigia-sim.mjs", import.meta.url)),
    ...["--devices", String(DEVICES), "--interval", String(INTERVAL_S), "--imei-prefix", PREFIX],
    ...["--port-teltonika", String(ports.teltonika), "--port-gt06", String(ports.gt06)],
    ...["--port-osmand", String(ports.osmand)],
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
let simOut = "";
sim.stdout.on("data", (chunk: Buffer) => {
  simOut = (simOut + chunk.toString()).slice(-4000);
  if (process.env.BENCH_SOAK_DEBUG) process.stderr.write(chunk);
});

// Start: once every device had the time to connect and report twice.
await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_S * 1000));
const rssStart = process.memoryUsage().rss;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = Date.now();
const cpuStart = process.cpuUsage();
const positionsStart = platform.services.processor.stats.positions;
clients.measure();
await new Promise((resolve) => setTimeout(resolve, MINUTES * 60_000));
const { ages: lags, frames: liveFrames, errors: liveErrors } = await clients.stop();
delay.disable();
const rssEnd = process.memoryUsage().rss;
const cpu = process.cpuUsage(cpuStart);
const cpuS = (cpu.user + cpu.system) / 1e6;
const positionsMeasured = platform.services.processor.stats.positions - positionsStart;

// A simulator that already stopped (it exits on its own when it cannot go on) has no exit event left to wait for.
const simStoppedEarly = sim.exitCode !== null || sim.signalCode !== null;
const simExitCodeEarly = sim.exitCode;
// The simulator prints its final counts when it stops; one that cannot close its sockets in time is killed and
// its last periodic line (at most 10 s old) stands. Either way the line below is printed: a soak that ends
// without figures says nothing about what went wrong.
let simKilled = false;
if (!simStoppedEarly) {
  const simExit = new Promise((resolve) => sim.on("exit", resolve));
  sim.kill("SIGTERM");
  if (!(await within(simExit, SIM_STOP_MS))) {
    simKilled = true;
    sim.kill("SIGKILL");
    await simExit;
  }
}
// What was acknowledged but is still on its way to the database is not lost: the backlog is given time to drain,
// and whether it drained is reported beside the count.
const drainStarted = Date.now();
const drained = await within(platform.services.processor.idle(), DRAIN_MS);
const drainS = round((Date.now() - drainStarted) / 1000, 1);
const last =
  simOut
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("t="))
    .pop() ?? "";
const field = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(last)?.[1] ?? Number.NaN);
const stored = await platform.ctx.db.query<{ n: number }>(
  "select count(*)::int as n from positions where company_id = $1",
  [companyId],
);
console.log(
  JSON.stringify({
    bench: "soak",
    devices: DEVICES,
    intervalS: INTERVAL_S,
    liveClients: CLIENTS,
    minutes: round((Date.now() - started) / 60_000, 2),
    rssStartMb: mb(rssStart),
    rssEndMb: mb(rssEnd),
    serverCpuS: round(cpuS, 1),
    serverCpuSPer100k: positionsMeasured > 0 ? round((cpuS / positionsMeasured) * 100_000, 2) : null,
    eventLoopDelayP99Ms: round(delay.percentile(99) / 1e6, 1),
    eventLoopDelayMaxMs: round(delay.max / 1e6, 1),
    liveLagSamples: lags.length,
    liveLagP50Ms: percentile(lags, 50),
    liveLagP99Ms: percentile(lags, 99),
    sent: field("sent"),
    acked: field("acked"),
    stored: stored[0]!.n,
    positionsLost: Math.max(0, field("acked") - stored[0]!.n),
    simErrors: field("errors"),
    simStoppedEarly,
    simExitCodeEarly,
    simKilled,
    drained,
    drainS,
    liveErrors,
    liveFrames,
  }),
);
await platform.dispose();
process.exit(0);
