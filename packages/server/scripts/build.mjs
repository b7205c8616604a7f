#!/usr/bin/env node
// Compiles the server, with the workspace packages it imports (domain, protocols, sim), into dist/: one ES
// module for the command line and one for the PGlite worker thread. Third-party packages stay in
// node_modules (they load files of their own, such as PGlite's WebAssembly). Migrations are copied beside.
import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = `${root}dist`;

/** Bundle the repository's own packages, leave every other bare import to node_modules. */
const externalThirdParty = {
  name: "external-third-party",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@vigia/") || args.kind === "entry-point"
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { vigia: "src/app/cli.ts", "pglite-worker": "src/kernel/db/pglite-worker.ts" },
  outdir: dist,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [externalThirdParty],
  logLevel: "warning",
});
cpSync(`${root}src/kernel/db/migrations`, `${dist}/migrations`, { recursive: true });
console.log("server compiled into packages/server/dist");
