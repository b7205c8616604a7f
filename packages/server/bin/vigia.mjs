#!/usr/bin/env node
// Runs the compiled server (dist/, built by `npm run build -w @vigia/server`, which `npm start` does first).
// Without a build, with sources newer than the build, or with VIGIA_FROM_SOURCE=1 (tests, `npm run dev`), it
// runs the TypeScript sources through tsx instead.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, "..");
const compiled = path.join(server, "dist", "vigia.mjs");

/** Newest modification time under the sources the build bundles. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const pkg of ["server", "domain", "protocols", "sim"]) {
    const src = path.resolve(server, "..", pkg, "src");
    if (existsSync(src)) walk(src);
  }
  return newest;
}

function useCompiled() {
  if (process.env.VIGIA_FROM_SOURCE === "1" || !existsSync(compiled)) return false;
  if (statSync(compiled).mtimeMs >= newestSource()) return true;
  console.error(
    "vigia: the sources changed since the last build; running them through tsx (npm run build -w @vigia/server)",
  );
  return false;
}

if (useCompiled()) {
  // The compiled module lives one directory away from src/kernel/config.ts, whose default this is.
  process.env.VIGIA_WEB_DIST ??= path.resolve(server, "..", "web", "dist");
  process.setSourceMapsEnabled(true);
  await import(compiled);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/app/cli.ts");
}
