import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { openPglite } from "../db/pglite.ts";
import { openPostgres } from "../db/postgres.ts";
import { companyQuery, groupQuery, UnscopedQueryError, visibleGroup } from "./scoped.ts";

let db: Database;
const databaseUrl = process.env.DATABASE_URL ?? "";
const schema = `vigia_scoped_${randomBytes(6).toString("hex")}`;

// Notes of two companies; company 1 has rows in groups 10 and 11 and one without a group.
const NOTES: [number, number | null, string][] = [
  [1, 10, "a"],
  [1, 11, "b"],
  [1, null, "c"],
  [2, 10, "x"],
];

beforeAll(async () => {
  db = databaseUrl ? await openPostgres(databaseUrl, schema) : await openPglite(null);
  await db.exec("create table scoped_notes (company_id int not null, group_id int, body text not null)");
  for (const [companyId, groupId, body] of NOTES)
    await db.query("insert into scoped_notes values ($1, $2, $3)", [companyId, groupId, body]);
});

afterAll(async () => {
  if (databaseUrl) await db.query(`drop schema if exists "${schema}" cascade`);
  await db.close();
});

const bodies = (rows: { body: string }[]) => rows.map((r) => r.body).sort();

describe("companyQuery", () => {
  it("binds $1 to the scope's company and the caller's parameters from $2", async () => {
    const q = companyQuery(db, { companyId: 1 });
    expect(bodies(await q<{ body: string }>("select body from scoped_notes where company_id = $1"))).toEqual([
      "a",
      "b",
      "c",
    ]);
    const rows = await q<{ body: string }>(
      "select body from scoped_notes where company_id = $1 and body = $2",
      ["b"],
    );
    expect(bodies(rows)).toEqual(["b"]);
    expect(
      bodies(await companyQuery(db, { companyId: 2 })("select body from scoped_notes where company_id = $1")),
    ).toEqual(["x"]);
  });

  it("refuses a statement that does not use the company id", async () => {
    const q = companyQuery(db, { companyId: 1 });
    await expect(q("select body from scoped_notes")).rejects.toBeInstanceOf(UnscopedQueryError);
    // $10 is not $1.
    await expect(q("select body from scoped_notes where body = $10")).rejects.toBeInstanceOf(
      UnscopedQueryError,
    );
  });

  it("accepts exactly the statements that mention $1 as a whole placeholder", () => {
    const q = companyQuery({ query: async () => [] }, { companyId: 3 });
    fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom("", "$1", "$1 ", "$10", "$12", "$2"),
        async (text, ph) => {
          const sql = `${text.replace(/\$/g, "")} ${ph}`;
          const accepted = await q(sql).then(
            () => true,
            () => false,
          );
          expect(accepted).toBe(/\$1(?!\d)/.test(sql));
        },
      ),
    );
  });
});

describe("groupQuery", () => {
  const sql = (shared: boolean) =>
    `select body from scoped_notes where company_id = $1 and ${visibleGroup("group_id", { shared })}`;

  it("sees every group when the scope has no group limit", async () => {
    const q = groupQuery(db, { companyId: 1, groupIds: null });
    expect(bodies(await q<{ body: string }>(sql(false)))).toEqual(["a", "b", "c"]);
  });

  it("limits to the visible groups, keeping the company-wide rows only when shared", async () => {
    const q = groupQuery(db, { companyId: 1, groupIds: [10] });
    expect(bodies(await q<{ body: string }>(sql(false)))).toEqual(["a"]);
    expect(bodies(await q<{ body: string }>(sql(true)))).toEqual(["a", "c"]);
    expect(
      bodies(await groupQuery(db, { companyId: 1, groupIds: [] })<{ body: string }>(sql(false))),
    ).toEqual([]);
  });

  it("passes the caller's parameters from $3", async () => {
    const q = groupQuery(db, { companyId: 1, groupIds: [10, 11] });
    const rows = await q<{ body: string }>(`${sql(false)} and body <> $3`, ["a"]);
    expect(bodies(rows)).toEqual(["b"]);
  });

  it("refuses a statement without the company id or without the group ids", async () => {
    const q = groupQuery(db, { companyId: 1, groupIds: [10] });
    await expect(q("select body from scoped_notes where company_id = $1")).rejects.toBeInstanceOf(
      UnscopedQueryError,
    );
    await expect(q(`select body from scoped_notes where ${visibleGroup("group_id")}`)).rejects.toBeInstanceOf(
      UnscopedQueryError,
    );
  });
});
