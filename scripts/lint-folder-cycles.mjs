#!/usr/bin/env node
// Folder cycles: no folder of a package's `src` may import a folder that (directly or through others) imports it
// back. A folder's own files stand for the folder, so top-level files of `src` that import a folder below them,
// which imports them back, are a cycle too. dependency-cruiser's own folder scope treats a parent folder as
// containing its subfolders and never reports that loop, so this check reads its module graph and finds the
// cycles itself. Tests (`*.test.ts`) are left out: a test may import whatever it checks.
// Usage: node scripts/lint-folder-cycles.mjs <package dir>...  (exits non-zero on any cycle)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "node_modules", ".bin", "depcruise");

/** The import graph of the package's non-test sources, as dependency-cruiser resolves it (type imports too). */
function modulesOf(cwd) {
  const config = existsSync(join(cwd, ".dependency-cruiser.cjs"))
    ? ["--config", ".dependency-cruiser.cjs"]
    : ["--no-config", "--ts-pre-compilation-deps"];
  const run = spawnSync(bin, [...config, "--output-type", "json", "--exclude", "\\.test\\.ts$", "src"], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`dependency-cruiser failed in ${cwd}: ${run.stderr}`);
  return JSON.parse(run.stdout).modules;
}

/**
 * Each set of folders that import one another in a loop (strongly connected components of more than one
 * folder), with one import per step as the example to fix.
 */
export function folderCycles(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = posix.dirname(module.source);
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith("src/")) continue;
      const to = posix.dirname(dependency.resolved);
      if (from === to) continue;
      const out = edges.get(from) ?? new Map();
      if (!out.has(to)) out.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, out);
    }
  }
  // Tarjan's strongly connected components over the folders.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next++;
    stack.push(folder);
    onStack.add(folder);
    for (const to of edges.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) === index.get(folder)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return components.map((folders) => ({
    folders,
    imports: folders.flatMap((from) =>
      [...(edges.get(from) ?? [])].filter(([to]) => folders.includes(to)).map(([, example]) => example),
    ),
  }));
}

/** Prints the cycles of each package directory; true when there was none. */
export function checkFolderCycles(dirs) {
  let clean = true;
  for (const cwd of dirs) {
    for (const cycle of folderCycles(modulesOf(cwd))) {
      clean = false;
      console.error(`folder cycle in ${cwd}: ${cycle.folders.join(" ⇄ ")}`);
      for (const example of cycle.imports) console.error(`  ${example}`);
    }
  }
  return clean;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(checkFolderCycles(process.argv.slice(2)) ? 0 : 1);
}
