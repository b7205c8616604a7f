import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartitionManager } from "../ingest/partitions.ts";
import type { Database, Queryable } from "../kernel/db/database.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openPglite } from "../kernel/db/pglite.ts";
import { type RouteQuery, readRoute } from "./route-reader.ts";

const T0 = Date.UTC(2026, 0, 15, 23, 0); // the range crosses a day partition at midnight
const H2 = 2 * 3_600_000;
let db: Database;

/** Counts the statements the reader issues. */
function counting(inner: Queryable): Queryable & { statements: number } {
  const wrapper = {
    statements: 0,
    query: <R>(sql: string, params?: Parameters<Queryable["query"]>[1]) => {
      wrapper.statements++;
      return inner.query<R>(sql, params);
    },
  };
  return wrapper;
}

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db);
  const partitions = new PartitionManager();
  const rows: unknown[][] = [];
  // Item 7 of company 1: a fix every 13–47 s for two hours, some invalid or at 0,0, ignition in the JSON.
  let ts = T0;
  for (let i = 0; ts < T0 + H2; i++) {
    const valid = i % 17 !== 5;
    const zero = i % 23 === 9;
    const attributes = JSON.stringify({ ignition: i % 5 !== 0, note: "x" });
    rows.push([1, 1, 1, 7, ts, zero ? 0 : 40.4 + i * 1e-4, zero ? 0 : -3.7, i % 60, valid, attributes]);
    ts += 13_000 + ((i * 7919) % 34) * 1000;
  }
  // The same item id in another company and another item in this one: never part of the route.
  for (let i = 0; i < 50; i++) {
    rows.push([2, 2, 1, 7, T0 + i * 60_000, 41, -3, 10, true, "{}"]);
    rows.push([1, 3, 1, 8, T0 + i * 60_000 + 1, 42, -3, 10, true, "{}"]);
  }
  for (const row of rows) {
    await partitions.ensure(db, row[0] as number, row[4] as number);
    await db.query(
      `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, spd, valid, attributes)
       values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10::jsonb)`,
      row as never,
    );
  }
}, 60_000);

afterAll(async () => db?.close());

const query: RouteQuery = { companyId: 1, itemType: 1, itemId: 7, from: T0, to: T0 + H2 };

describe("readRoute", () => {
  it("without thinning returns every displayable point of the item, in order", async () => {
    const all = await db.query<{ ts: string | number }>(
      `select ts from positions where company_id = 1 and item_type = 1 and item_id = 7 and valid
       and not (lat = 0 and lng = 0) order by ts`,
    );
    const read = await readRoute(db, query, { maxPoints: 1_000_000 });
    expect(read.rows.map((r) => r.ts)).toEqual(all.map((r) => Number(r.ts)));
    expect(read.thinned).toBe(false);
    expect(read.rows.every((r) => typeof r.ignition === "boolean")).toBe(true);
  });

  it.each([
    ["no thinning, chunks of 7", 1_000_000, 7],
    ["no thinning, chunks of 1", 1_000_000, 1],
    ["thinned to ~40, chunks of 7", 40, 7],
    ["thinned to ~40, chunks of 3", 40, 3],
    ["thinned to ~40, chunks of 50", 40, 50],
    ["thinned to ~5, chunks of 11", 5, 11],
  ])("%s: several bounded statements, same result as one", async (_name, maxPoints, chunkRows) => {
    const whole = await readRoute(db, query, { maxPoints, chunkRows: 1_000_000 });
    const counted = counting(db);
    const chunked = await readRoute(counted, query, { maxPoints, chunkRows });
    expect(chunked).toEqual(whole);
    expect(counted.statements).toBeGreaterThanOrEqual(Math.floor(whole.rows.length / chunkRows / 1.5));
    expect(counted.statements).toBeGreaterThan(2);
  });

  it("thins to one point per bucket and keeps the route's last point", async () => {
    const read = await readRoute(db, query, { maxPoints: 40 });
    expect(read.thinned).toBe(true);
    expect(read.rows.length).toBeLessThanOrEqual(41);
    const buckets = read.rows.slice(0, -1).map((r) => Math.floor(r.ts / (H2 / 40)));
    expect(new Set(buckets).size).toBe(buckets.length);
    const full = await readRoute(db, query, { maxPoints: 1_000_000 });
    expect(read.rows.at(-1)).toEqual(full.rows.at(-1));
  });

  it("reads nothing outside the range or for another company's item", async () => {
    expect((await readRoute(db, { ...query, companyId: 3 }, { maxPoints: 100 })).rows).toEqual([]);
    const late = await readRoute(db, { ...query, from: T0 + H2, to: T0 + 2 * H2 }, { maxPoints: 100 });
    expect(late.rows).toEqual([]);
  });
});
