import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const depcruise = join(serverDir, "..", "..", "node_modules", ".bin", "depcruise");
const config = join(serverDir, ".dependency-cruiser.cjs");

const reportSchema = z.object({
  summary: z.object({
    violations: z.array(z.object({ from: z.string(), to: z.string(), rule: z.object({ name: z.string() }) })),
  }),
});

/**
 * Runs dependency-cruiser with the server's own rules: once as `npm run lint` does (its exit status), once for
 * the JSON report (which always exits 0) to read the violations.
 */
function cruise(cwd: string, sources: string[]) {
  const run = (extra: string[]) =>
    // The JSON report of the whole server passed spawnSync's 1 MiB default buffer; a cut report is unreadable.
    spawnSync(depcruise, ["--config", config, ...extra, ...sources], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  const lint = run([]);
  const report = reportSchema.parse(JSON.parse(run(["--output-type", "json"]).stdout));
  return {
    status: lint.status,
    output: lint.stdout,
    violations: report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort(),
  };
}

describe("server import boundaries", () => {
  const fixture = mkdtempSync(join(tmpdir(), "vigia-boundaries-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true } }),
    "src/kernel/errors.ts": "export class ApiError extends Error {}\n",
    // The kernel reaching up into a capability.
    "src/kernel/context.ts":
      'import { alarmTexts } from "../alarms/index.ts";\nexport const texts = alarmTexts;\n',
    "src/alarms/index.ts": 'export { alarmTexts } from "./texts.ts";\n',
    "src/alarms/texts.ts":
      'import { ApiError } from "../kernel/errors.ts";\nexport const alarmTexts = [ApiError];\n',
    // A cycle between two capabilities, each going through the other's index: only the cycle is wrong here.
    "src/live/index.ts": 'export { hub } from "./hub.ts";\n',
    "src/live/hub.ts":
      'import { processor } from "../ingest/index.ts";\nexport const hub = () => processor;\n',
    "src/ingest/index.ts": 'export { processor } from "./processor.ts";\n',
    "src/ingest/processor.ts":
      'import type { hub } from "../live/index.ts";\nexport const processor: typeof hub | null = null;\n',
    // A capability reaching into another's internals, and one importing the composition root.
    "src/places/zones.ts":
      'import { alarmTexts } from "../alarms/texts.ts";\nexport const zones = alarmTexts;\n',
    "src/devices/routes.ts": 'import { routes } from "../app/routes.ts";\nexport const devices = routes;\n',
    "src/app/routes.ts": 'import { hub } from "../live/index.ts";\nexport const routes = [hub];\n',
    // Tests may reach anywhere.
    "src/places/zones.test.ts":
      'import { routes } from "../app/routes.ts";\nimport { alarmTexts } from "../alarms/texts.ts";\nexport const all = [routes, alarmTexts];\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }

  it("reports a kernel import of a capability, a cycle, a reach past index.ts and an import of app/", () => {
    const { status, violations } = cruise(fixture, ["src"]);
    expect(status).not.toBe(0);
    expect(violations).toEqual(
      [
        "capability-through-index: src/places/zones.ts → src/alarms/texts.ts",
        "kernel-imports-no-capability: src/kernel/context.ts → src/alarms/index.ts",
        // A cycle is reported once, at the edge where the cruise closes it; this one runs through a type-only import.
        "no-circular: src/ingest/index.ts → src/ingest/processor.ts",
        "only-app-imports-app: src/devices/routes.ts → src/app/routes.ts",
      ].sort(),
    );
  });

  it("passes on the server's own sources and tests", () => {
    const { status, output, violations } = cruise(serverDir, ["src", "test"]);
    expect(violations).toEqual([]);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });
});
