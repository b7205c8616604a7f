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
  "lint-routes-sql.mjs",
);
const fixtures = mkdtempSync(join(tmpdir(), "vigia-routes-sql-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

let count = 0;
/** Runs the check on a server package made of `files` (paths under the package dir). */
function check(files: Record<string, string>) {
  const dir = join(fixtures, String(count++));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, output: run.stderr };
}

const CLEAN =
  "mountRoute(app, api.list, (request) => listThings(ctx.db, scopeOf(request), request.query));\n";

describe("no SQL in routes files", () => {
  it("passes routes that call their store, and SQL in a store", () => {
    const result = check({
      "src/things/routes.ts": CLEAN,
      "src/things/store.ts": 'export const list = (q) => q("select id from things where company_id = $1");\n',
    });
    expect(result).toEqual({ status: 0, output: "" });
  });

  it.each([
    ["a database call", "const rows = await ctx.db.query<{ id: number }>(sql, [1]);\n"],
    ["a statement in a template", "const sql = `\n  select id from things`;\n"],
    ["an insert", 'run("insert into things (id) values ($1)");\n'],
    ["an update", "run('update things set name = $2 where id = $1');\n"],
    ["a delete", 'run("delete from things where id = $1");\n'],
    ["a common table expression", "run(`with recursive tree as (select 1)`);\n"],
  ])("fails on %s in a routes file, naming the file and line", (_, text) => {
    const result = check({ "src/things/routes.ts": CLEAN, "src/things/admin-routes.ts": `// x\n${text}` });
    expect(result.status).toBe(1);
    expect(result.output).toContain("src/things/admin-routes.ts:2");
    expect(result.output).not.toContain("src/things/routes.ts");
  });

  it("passes the server as it is", () => {
    const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
