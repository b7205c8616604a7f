import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const script = join(repo, "scripts", "lint-folder-cycles.mjs");
const fixtures = mkdtempSync(join(tmpdir(), "vigia-folder-cycles-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

let count = 0;
/** Runs the check on a package made of `files` (paths under the package dir). */
function check(files: Record<string, string>) {
  const dir = join(fixtures, String(count++));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, output: run.stderr };
}

const READER = "export type Reader = { at: number };\n";

describe("no folder cycles", () => {
  it("passes a registry above codec folders that import shared primitives below them", () => {
    const result = check({
      "src/registry.ts": 'import { decode } from "./gt06/codec.ts";\nexport const codecs = [decode];\n',
      "src/gt06/codec.ts":
        'import type { Reader } from "../shared/reader.ts";\nexport const decode = (r: Reader) => r.at;\n',
      "src/shared/reader.ts": READER,
    });
    expect(result).toEqual({ status: 0, output: "" });
  });

  it("fails on a codec folder importing a primitive beside the registry that imports it, naming both imports", () => {
    const result = check({
      "src/registry.ts": 'import { decode } from "./gt06/codec.ts";\nexport const codecs = [decode];\n',
      "src/reader.ts": READER,
      "src/gt06/codec.ts":
        'import type { Reader } from "../reader.ts";\nexport const decode = (r: Reader) => r.at;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain("src ⇄ src/gt06");
    expect(result.output).toContain("src/registry.ts → src/gt06/codec.ts");
    expect(result.output).toContain("src/gt06/codec.ts → src/reader.ts");
  });

  it("fails on sibling folders that import each other through a third", () => {
    const result = check({
      "src/a/one.ts": 'import { two } from "../b/two.ts";\nexport const one = two + 1;\n',
      "src/b/two.ts": 'import { three } from "../c/three.ts";\nexport const two = three + 1;\n',
      "src/c/three.ts": 'import { base } from "../a/base.ts";\nexport const three = base + 1;\n',
      "src/a/base.ts": "export const base = 1;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain("src/a ⇄ src/b ⇄ src/c");
  });

  it("leaves tests out: a test may import the folder above it", () => {
    const result = check({
      "src/registry.ts": 'import { decode } from "./gt06/codec.ts";\nexport const codecs = [decode];\n',
      "src/gt06/codec.ts": "export const decode = () => 1;\n",
      "src/gt06/codec.test.ts": 'import { codecs } from "../registry.ts";\nexport const all = codecs;\n',
    });
    expect(result).toEqual({ status: 0, output: "" });
  });

  it("passes the domain and protocols packages as they are", () => {
    const result = spawnSync(
      process.execPath,
      [script, join(repo, "packages", "domain"), join(repo, "packages", "protocols")],
      { encoding: "utf8" },
    );
    expect({ status: result.status, output: result.stderr }).toEqual({ status: 0, output: "" });
  });
});
