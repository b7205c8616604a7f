import { readdir, readFile } from "node:fs/promises";
import type { Database } from "./database.ts";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);

/** Applies the ordered SQL files not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(
    "create table if not exists schema_migrations (name text primary key, applied_ts bigint not null)",
  );
  const done = new Set(
    (await db.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name),
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(new URL(file, MIGRATIONS_DIR), "utf8");
    await db.transaction(async (tx) => {
      // Multi-statement scripts go through the simple protocol; split on our own statement terminators.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (name, applied_ts) values ($1, $2)", [file, Date.now()]);
    });
    applied.push(file);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends; our migrations keep function bodies in $$ blocks. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let inDollar = false;
  for (const line of sql.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("--") && !inDollar) continue;
    current += `${line}\n`;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(";")) {
      out.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
