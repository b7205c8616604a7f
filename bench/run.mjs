#!/usr/bin/env node
// Runs the benchmarks one after another (or those named on the command line); each prints one JSON line.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";

const ALL = [
  "ingest",
  "live-latency",
  "live-overload",
  "map",
  "geozones",
  "alarms",
  "route",
  "decode",
  "reports",
  "heatmap",
];
const dir = fileURLToPath(new URL(".", import.meta.url));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
const answers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

// The cluster bench needs a NATS server with JetStream: it runs by default only when one answers.
if (await answers(4222)) ALL.push("cluster");
else console.error("bench cluster: not run (no NATS server on 127.0.0.1:4222)");
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
let failed = false;
/** Lines measured by another line's benchmark under other settings. */
const VARIANTS = {
  "live-overload": { file: "live-latency", env: { BENCH_OVERLOAD: "1", BENCH_WARMUP_MAX: "60" } },
};
for (const name of names) {
  const variant = VARIANTS[name];
  const base = variant?.file ?? name;
  const file = [`${dir}${base}.ts`, `${dir}${base}.mjs`].find((f) => existsSync(f));
  if (!file) {
    console.error(`bench ${name}: no such benchmark`);
    failed = true;
    continue;
  }
  const result = spawnSync(process.execPath, ["--import", "tsx", file], {
    stdio: ["ignore", "inherit", "inherit"],
    cwd: `${dir}..`,
    env: { ...process.env, ...variant?.env },
  });
  if (result.status !== 0) {
    console.error(`bench ${name}: exited with ${result.status}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
