import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The package README's Capabilities table names every capability folder of `src/`, so a newcomer finds each one. */
describe("README", () => {
  it("lists every capability", () => {
    const root = join(import.meta.dirname, "..", "..");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const capabilities = readdirSync(join(root, "src"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "app" && d.name !== "kernel")
      .map((d) => d.name);
    expect(capabilities.length).toBeGreaterThan(40);
    expect(capabilities.filter((c) => !readme.includes(`| \`${c}\` |`))).toEqual([]);
  });
});
