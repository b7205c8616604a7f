import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ProtocolName, protocols } from "../registry.ts";
import { CORPUS } from "./index.ts";

/** The repository's README and this package's: both tables state how many real frames each family is held to. */
const rootReadme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
const packageReadme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** Rows of the root README's protocol table: `name` → its sources cell and its last cell (the frame count). */
function rootRows(): Map<string, { sources: string; count: string }> {
  const rows = new Map<string, { sources: string; count: string }>();
  for (const line of rootReadme.split("\n")) {
    const match = /^\| `([a-z0-9]+)` \|.*\| ([^|]*) \| ([^|]*) \|$/.exec(line);
    if (match && match[1]! in protocols)
      rows.set(match[1]!, { sources: match[2]!.trim(), count: match[3]!.trim() });
  }
  return rows;
}

describe("the READMEs' frame counts", () => {
  it("the root protocol table has a row per family, with its corpus size", () => {
    const rows = rootRows();
    for (const name of Object.keys(protocols) as ProtocolName[]) {
      expect(rows.get(name)?.count, name).toBe(String(CORPUS[name]?.length ?? 0));
    }
  });

  it("the root protocol table names where each family's frames come from", () => {
    const rows = rootRows();
    for (const name of Object.keys(protocols) as ProtocolName[]) {
      const frames = CORPUS[name] ?? [];
      const sources = rows.get(name)?.sources ?? "";
      const fromTraccar = frames.some((f) => f.source.includes("github.com/traccar/traccar"));
      const fromVendor = frames.some((f) => !f.source.includes("github.com/traccar/traccar"));
      expect(sources.includes("Traccar"), `${name}: ${sources}`).toBe(fromTraccar);
      expect(sources.includes("vendor"), `${name}: ${sources}`).toBe(fromVendor);
    }
  });

  it("the package's corpus table gives each family's count and the total", () => {
    const total = Object.values(CORPUS).reduce((sum, frames) => sum + (frames?.length ?? 0), 0);
    expect(packageReadme).toContain(`| **Total** | **${total}** | **${total}** |`);
    const counts = [...packageReadme.matchAll(/^\| [^|*]+ \| (\d+) \| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(counts).toHaveLength(Object.keys(CORPUS).length);
  });
});
