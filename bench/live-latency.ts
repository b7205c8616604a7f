/**
 * live-latency: time from a device frame being read from its socket to the WebSocket message reaching a bound
 * browser client, at ~10,000 messages/s: 10,000 simulated devices (BENCH_DEVICES) every second (BENCH_INTERVAL)
 * speaking Teltonika, GT06 and OsmAnd from a separate simulator process. The gateway stamps each position's
 * receivedTs when it reads the frame; the client, in a process of its own as a browser is, subtracts it from the
 * arrival time.
 * Steady state only: the warm-up lasts until the start-up backlog is gone (three one-second windows in a row at
 * ≥ 90% of the offered rate with a median under 250 ms; at most BENCH_WARMUP_MAX seconds), then BENCH_MEASURE
 * seconds are measured. Prints one JSON line.
 *
 * With BENCH_OVERLOAD=1 (the `live-overload` line) twice the devices report, more than this machine carries: the
 * warm-up is a fixed BENCH_WARMUP_MAX seconds (a steady state never comes), and the line adds the share of position
 * messages the hub replaced by a newer state of the same item before they left, and the process's RSS. What a map
 * must show under overload is fewer intermediate positions, never old ones: p99 is the figure to watch.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { makeDevices } from "@vigia/sim";
import { startLiveClients } from "./live-clients.ts";
import { createBenchFleet, percentile, round, signIn, startBenchPlatform } from "./support.ts";

const OVERLOAD = process.env.BENCH_OVERLOAD === "1";
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000) * (OVERLOAD ? 2 : 1);
const INTERVAL_S = Number(process.env.BENCH_INTERVAL ?? 1);
const WARMUP_MAX_S = Number(process.env.BENCH_WARMUP_MAX ?? 45);
const MEASURE_S = Number(process.env.BENCH_MEASURE ?? 15);
const PREFIX = "8800000";

const platform = await startBenchPlatform(null);
const devices = makeDevices(DEVICES, ["teltonika", "gt06", "osmand"], PREFIX);
const companyId = await createBenchFleet(platform.ctx.db, devices);
const token = await signIn(platform.url, "super@vigia.demo");

// The browser side runs in a process of its own (live-clients.ts), as a browser does.
const client = await startLiveClients(platform.url, token, companyId, 1);
let received = 0;
/** The one-second windows of the warm-up, as the client reports them. */
const windows: { count: number; p50: number | null }[] = [];
client.onWindow((count, p50) => {
  received += count;
  windows.push({ count, p50 });
});

const ports = platform.gateway!.ports;
const sim = spawn(
  process.execPath,
  [
    fileURLToPath(new URL("../packages/sim/bin/vigia-sim.mjs", import.meta.url)),
    "--devices",
    String(DEVICES),
    "--interval",
    String(INTERVAL_S),
    "--imei-prefix",
    PREFIX,
    "--port-teltonika",
    String(ports.teltonika),
    "--port-gt06",
    String(ports.gt06),
    "--port-osmand",
    String(ports.osmand),
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);

const offered = DEVICES / INTERVAL_S;
const warmupStart = Date.now();
let steadyWindows = 0;
let seen = 0;
while ((OVERLOAD || steadyWindows < 3) && Date.now() - warmupStart < WARMUP_MAX_S * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const { count, p50 } of windows.slice(seen)) {
    const steady = count >= 0.9 * offered && p50 !== null && p50 < 250;
    steadyWindows = steady ? steadyWindows + 1 : 0;
  }
  seen = windows.length;
}
const warmupS = round((Date.now() - warmupStart) / 1000);
client.measure();
const before = received;
const outboxBefore = platform.hub.outboxStats();
const eventLoopDelays: number[] = [];
const probe = setInterval(() => {
  const t = performance.now();
  setImmediate(() => eventLoopDelays.push(performance.now() - t));
}, 100);
await new Promise((resolve) => setTimeout(resolve, MEASURE_S * 1000));
const { ages: latencies } = await client.stop();
clearInterval(probe);
const messages = received - before;
const outboxAfter = platform.hub.outboxStats();
const coalesced = outboxAfter.coalesced - outboxBefore.coalesced;
sim.kill("SIGTERM");
eventLoopDelays.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bench: OVERLOAD ? "live-overload" : "live-latency",
    devices: DEVICES,
    intervalS: INTERVAL_S,
    offeredPerSecond: offered,
    warmupS,
    steadyBeforeMeasuring: steadyWindows >= 3,
    messagesPerSecond: round(messages / MEASURE_S),
    samples: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? null,
    eventLoopDelayP99Ms: round(percentile(eventLoopDelays, 99), 2),
    coalescedShare: messages + coalesced > 0 ? round(coalesced / (messages + coalesced), 3) : 0,
    rssMb: round(process.memoryUsage().rss / 2 ** 20),
  }),
);
await platform.dispose();
process.exit(0);
