// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layer rules of `.dependency-cruiser.cjs` must fire: a fixture tree that breaks each of them is
 * cruised with the real config, and so is the real source tree, which must pass.
 */
const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const depcruise = join(packageDir, "..", "..", "node_modules", ".bin", "depcruise");
const config = join(packageDir, ".dependency-cruiser.cjs");
// A cold start of dependency-cruiser on a loaded machine can take several seconds; this bounds a hang only.
const CRUISE_LIMIT_MS = 120_000;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations, read from the JSON report. */
function violations(cwd: string): Violation[] {
  // The report is near spawnSync's 1 MiB default buffer; a cut report is unreadable.
  const run = spawnSync(depcruise, ["--config", config, "--output-type", "json", "src"], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

/** The exit status of the run `npm run lint` makes (scripts/lint-deps.mjs: default reporter). */
function lintStatus(cwd: string): number | null {
  return spawnSync(depcruise, ["--config", config, "src"], { cwd, encoding: "utf8" }).status;
}

const fixture = mkdtempSync(join(tmpdir(), "vigia-web-boundaries-"));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
}

describe("web import boundaries", () => {
  it(
    "reject a kit → feature import, a cycle, a feature → app import, another feature's internals, platform reaching up and the worker app mixed with the web client",
    () => {
      write(
        "tsconfig.json",
        JSON.stringify({
          compilerOptions: {
            module: "ESNext",
            moduleResolution: "Bundler",
            allowImportingTsExtensions: true,
          },
        }),
      );
      // kit → feature, and back again: a cycle as well.
      write(
        "src/kit/Table.ts",
        'import { panel } from "../features/alarms/Panel.ts";\nexport const table = panel;\n',
      );
      write(
        "src/features/alarms/Panel.ts",
        'import { table } from "../../kit/Table.ts";\nexport const panel = () => table;\n',
      );
      write("src/features/alarms/index.ts", 'export { panel } from "./Panel.ts";\n');
      // A feature reaching into another feature's file instead of its index, and one reaching up into app.
      write(
        "src/features/map/Map.ts",
        'import { panel } from "../alarms/Panel.ts";\nexport const map = panel;\n',
      );
      write(
        "src/features/map/Ok.ts",
        'import { panel } from "../alarms/index.ts";\nexport const ok = panel;\n',
      );
      write("src/features/map/Up.ts", 'import { app } from "../../app/App.ts";\nexport const up = app;\n');
      write("src/app/App.ts", "export const app = 1;\n");
      write("src/platform/api.ts", 'import { table } from "../kit/Table.ts";\nexport const api = table;\n');
      // The worker app reaching into the web client's app, and the web client into the worker app.
      write("src/worker/Track.ts", 'import { app } from "../app/App.ts";\nexport const track = app;\n');
      write("src/worker/queue.ts", "export const queue = 1;\n");
      write("src/kit/Queue.ts", 'import { queue } from "../worker/queue.ts";\nexport const q = queue;\n');

      const found = violations(fixture).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
      expect(found).toEqual(
        expect.arrayContaining([
          "kit-imports-no-feature-or-app: src/kit/Table.ts → src/features/alarms/Panel.ts",
          "feature-to-feature-only-through-index: src/features/map/Map.ts → src/features/alarms/Panel.ts",
          "feature-not-into-app: src/features/map/Up.ts → src/app/App.ts",
          "platform-imports-only-platform: src/platform/api.ts → src/kit/Table.ts",
          "worker-app-uses-kit-and-platform: src/worker/Track.ts → src/app/App.ts",
          "nothing-imports-the-worker-app: src/kit/Queue.ts → src/worker/queue.ts",
        ]),
      );
      // The cycle kit/Table ⇄ features/alarms/Panel is reported from whichever end the cruise reached first.
      const cycle = found.filter((v) => v.startsWith("no-circular:"));
      expect(cycle.length).toBeGreaterThan(0);
      for (const v of cycle)
        expect(v).toMatch(
          /src\/(kit\/Table|features\/alarms\/Panel)\.ts → src\/(kit\/Table|features\/alarms\/Panel)\.ts/,
        );
      // Through the index is the allowed way.
      expect(found.filter((v) => v.includes("src/features/map/Ok.ts"))).toEqual([]);
      expect(lintStatus(fixture)).not.toBe(0);
    },
    CRUISE_LIMIT_MS,
  );

  it(
    "hold for the real source tree",
    () => {
      expect(violations(packageDir)).toEqual([]);
    },
    CRUISE_LIMIT_MS,
  );
});
