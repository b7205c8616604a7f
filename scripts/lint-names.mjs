#!/usr/bin/env node
// One naming convention for the whole repository: source files and folders are kebab-case (`alarm-panel.tsx`,
// `form-fields/`), so a name reads the same in every package and an import's spelling never depends on a file
// system's case rules. Outside the rule: dot-files, Markdown documents, and data files named after the key they
// hold (the web's locale namespaces, `companyStates.json`).
// Usage: node scripts/lint-names.mjs [repository dir]
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const ROOTS = ["packages", "e2e", "bench", "scripts"];
/** Folders that hold what tools produce or install, never our names. */
const SKIPPED = new Set(["node_modules", "dist", "data", "coverage", "output", "screenshots"]);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

const problems = [];
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    const shown = relative(root, path).split("\\").join("/");
    if (entry.isDirectory()) {
      if (!KEBAB.test(entry.name)) problems.push(`${shown}/: folder name is not kebab-case`);
      walk(path);
    } else if (SOURCE.test(entry.name)) {
      const [stem = "", ...suffixes] = entry.name.split(".");
      if (!KEBAB.test(stem) || !suffixes.every((s) => /^[a-z0-9]+$/.test(s)))
        problems.push(`${shown}: file name is not kebab-case`);
    }
  }
}
for (const top of ROOTS) {
  try {
    walk(join(root, top));
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
}
for (const problem of problems.sort()) console.error(problem);
if (problems.length > 0) console.error(`names: ${problems.length} problem(s)`);
process.exit(problems.length > 0 ? 1 : 0);
