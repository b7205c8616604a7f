#!/usr/bin/env node
// Import boundaries: runs dependency-cruiser in every package with the package's own rules
// (`.dependency-cruiser.cjs`: no cycles, and the layer rules of ARCHITECTURE.md), then, where folders are layers
// (domain, protocols), no folder cycles (`lint-folder-cycles.mjs`). Exits non-zero on any violation.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkFolderCycles } from "./lint-folder-cycles.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "node_modules", ".bin", "depcruise");
const packages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["domain", "server", "web", "sim", "protocols"];
let failed = false;
for (const name of packages) {
  const cwd = join(root, "packages", name);
  if (!existsSync(join(cwd, ".dependency-cruiser.cjs"))) continue;
  const sources = ["src", "test"].filter((dir) => existsSync(join(cwd, dir)));
  const run = spawnSync(bin, ["--config", ".dependency-cruiser.cjs", ...sources], { cwd, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`import boundaries violated in packages/${name}`);
    failed = true;
  }
}
/** Packages whose folders are layers: a folder importing one that imports it back fails the lint. */
const LAYERED = ["domain", "protocols"];
const layered = LAYERED.filter((name) => packages.includes(name)).map((name) => join(root, "packages", name));
if (!checkFolderCycles(layered)) {
  console.error("folder cycles (see above): move the shared modules into a folder below both");
  failed = true;
}
process.exit(failed ? 1 : 0);
