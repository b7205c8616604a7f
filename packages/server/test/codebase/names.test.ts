import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const script = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "..",
  "scripts",
  "lint-names.mjs",
);
const fixtures = mkdtempSync(join(tmpdir(), "vigia-names-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

let count = 0;
/** Runs the check on a repository made of `files` (paths under its root). */
function check(files: string[]) {
  const dir = join(fixtures, String(count++));
  for (const path of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), "");
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, output: run.stderr };
}

describe("kebab-case names", () => {
  it("passes kebab-case sources and folders, dot-files, documents, locale data and installed folders", () => {
    const result = check([
      "packages/web/src/features/alarm-log/alarm-panel.tsx",
      "packages/web/src/features/alarm-log/alarm-panel.test.tsx",
      "packages/server/src/kernel/db/migrations/001_core.sql",
      "packages/web/src/platform/i18n/locales/en/companyStates.json",
      "packages/web/.dependency-cruiser.cjs",
      "packages/web/README.md",
      "packages/web/node_modules/SomeLib/Index.js",
      "bench/live-latency.ts",
      "scripts/lint-names.mjs",
    ]);
    expect(result).toEqual({ status: 0, output: "" });
  });

  it.each([
    ["a PascalCase component", "packages/web/src/kit/AlarmPanel.tsx", "file name"],
    ["a camelCase module", "packages/domain/src/model/workerApp.ts", "file name"],
    ["a camelCase folder", "packages/web/src/kit/formFields/field.tsx", "folder name"],
    ["an underscore", "e2e/scenarios/01_sign_in.mjs", "file name"],
    ["a capital in a suffix", "packages/server/src/x.Test.ts", "file name"],
  ])("fails on %s", (_, path, kind) => {
    const result = check([path]);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${kind} is not kebab-case`);
  });
});
