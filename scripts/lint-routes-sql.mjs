#!/usr/bin/env node
// Routes hold no SQL: a capability's statements live in its store (routes → service → store), where the scoped
// query helper binds the tenant. Scans the server's `routes.ts` and `*-routes.ts` files and fails on a statement
// or a database call in one; opening a transaction and handing it to the store stays the route's or service's.
// Usage: node scripts/lint-routes-sql.mjs [server package dir]
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packageDir = process.argv[2] ?? join(root, "packages", "server");
const srcDir = join(packageDir, "src");

/** A call on the database interface, or a string literal that opens with a statement. */
const SQL_PATTERNS = [
  // Not a regular expression literal's own exec (`/…/.exec(`).
  /(?<!\/)\.(query|exec|copyFromCsv)\s*[<(]/,
  /[`"']\s*(select\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+(recursive\s+)?\w+\s+as\b)/i,
];

function routeFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === "routes.ts" || entry.name.endsWith("-routes.ts") ? [path] : [];
  });
}

/** The lines where a statement or database call starts (a template may open on the line before its keyword). */
function sqlLines(file) {
  const text = readFileSync(file, "utf8");
  const lines = new Set();
  for (const pattern of SQL_PATTERNS)
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`)))
      lines.add(text.slice(0, match.index).split("\n").length);
  return [...lines].sort((x, y) => x - y);
}

const errors = [];
for (const file of routeFiles(srcDir)) {
  const lines = sqlLines(file);
  if (lines.length > 0)
    errors.push(
      `${relative(packageDir, file).split("\\").join("/")}:${lines.join(",")}: SQL in a routes file (move it to the store)`,
    );
}
for (const error of errors) console.error(error);
if (errors.length > 0)
  console.error(`SQL in routes: ${errors.length} problem(s) in ${relative(root, packageDir)}`);
process.exit(errors.length > 0 ? 1 : 0);
