// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Query keys are spelled once, in a feature's (or platform's) `api.ts` or `api/` folder, next to the query they
 * name: a screen reads `useQuery(xQuery(…))` and invalidates `xQuery(…).queryKey`, so two screens cannot drift
 * apart on a key, and a key another feature needs is imported through that feature's index, where the import
 * rules see the link. This fails on a key array spelled anywhere else.
 */
const SRC = join(import.meta.dirname, "..");

/**
 * A key written as an array literal: a query's or invalidation's `queryKey: [`, a `queryKey={[` prop, a cache read
 * or write, or a constant named as a key (`const key = [`, `const costsKey = [`) for a screen to pass around.
 */
const KEY_LITERAL =
  /queryKey\s*(?::|=\{)\s*\[|(?:set|get)Query(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[|\bconst\s+(?:key|\w+Key)\s*=\s*\[/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where keys may be spelled: a file named `api.ts` or any file under an `api/` folder. */
function declaresQueries(path: string): boolean {
  const parts = relative(SRC, path).split(sep);
  return parts.at(-1) === "api.ts" || parts.slice(0, -1).includes("api");
}

/** `file:line` of every key literal outside the declaring files. */
export function keyLiteralsOutsideApi(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter((file) => !declaresQueries(file.path))
    .flatMap((file) =>
      [...file.text.matchAll(KEY_LITERAL)].map((match) => {
        const line = file.text.slice(0, match.index).split("\n").length;
        return `${relative(SRC, file.path)}:${line}`;
      }),
    );
}

describe("query keys", () => {
  it("are spelled only in api.ts files and api/ folders", () => {
    // This file's own examples below are the one allowed exception.
    const files = sourceFiles(SRC)
      .filter((path) => path !== import.meta.filename)
      .map((path) => ({ path, text: readFileSync(path, "utf8") }));
    expect(files.length).toBeGreaterThan(100);
    expect(keyLiteralsOutsideApi(files)).toEqual([]);
  });

  it("catch a key literal in a screen and leave the api files alone", () => {
    const screen = join(SRC, "features", "x", "XPage.tsx");
    const found = keyLiteralsOutsideApi([
      { path: screen, text: 'const a = 1;\nuseQuery({ queryKey: ["x", id], queryFn });\n' },
      { path: screen, text: '<Card queryKey={["policy", id]} />\nclient.setQueryData<X>(["x"], next);\n' },
      { path: screen, text: 'const key = ["brands", id];\nconst monkey = 1;\nconst costsKey = ["costs"];\n' },
      { path: join(SRC, "features", "x", "api.ts"), text: 'queryOptions({ queryKey: ["x", id] });\n' },
      { path: join(SRC, "platform", "x", "api", "calls.ts"), text: 'queryOptions({ queryKey: ["y"] });\n' },
    ]);
    expect(found).toEqual([
      join("features", "x", "XPage.tsx:2"),
      join("features", "x", "XPage.tsx:1"),
      join("features", "x", "XPage.tsx:2"),
      join("features", "x", "XPage.tsx:1"),
      join("features", "x", "XPage.tsx:3"),
    ]);
  });
});
