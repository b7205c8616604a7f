import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The package README's Features table names every folder of `src/features/`, so a newcomer finds each one. */
describe("README", () => {
  it("lists every feature", () => {
    const root = join(import.meta.dirname, "..", "..");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const features = readdirSync(join(root, "src", "features"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(features.length).toBeGreaterThan(20);
    expect(features.filter((f) => !readme.includes(`| \`${f}\` |`))).toEqual([]);
  });
});
