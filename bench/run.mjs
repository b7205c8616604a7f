#!/usr/bin/env node
// Runs the benchmarks one after another (or those named on the command line); each prints one JSON line.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ALL = ["ingest", "live-latency", "map", "geozones", "alarms", "route"];
const dir = fileURLToPath(new URL(".", import.meta.url));
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
let failed = false;
for (const name of names) {
  const file = [`${dir}${name}.ts`, `${dir}${name}.mjs`].find((f) => existsSync(f));
  if (!file) {
    console.error(`bench ${name}: no such benchmark`);
    failed = true;
    continue;
  }
  const result = spawnSync(process.execPath, ["--import", "tsx", file], {
    stdio: ["ignore", "inherit", "inherit"],
    cwd: `${dir}..`,
  });
  if (result.status !== 0) {
    console.error(`bench ${name}: exited with ${result.status}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
