import { DAY_MS } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropExpiredPartitions, PartitionManager } from "../../src/ingest/partitions.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

async function partitionNames(): Promise<string[]> {
  const rows = await p.ctx.db.query<{ name: string }>(
    `select relname as name from pg_class where relname ~ '^positions_c[0-9]+_d[0-9]{8}$' and relnamespace = current_schema()::regnamespace order by 1`,
  );
  return rows.map((r) => r.name);
}

describe("data retention", () => {
  it("drops whole day partitions past each company's retention, keeping the rest", async () => {
    const companies = await p.ctx.db.query<{ id: number; name: string }>(
      "select id, name from companies order by id",
    );
    const acme = companies.find((c) => c.name === "Acme Logistics")!.id;
    const globex = companies.find((c) => c.name === "Globex Security")!.id;
    await p.ctx.db.query("update companies set retention_days = 7 where id = $1", [globex]);
    const partitions = new PartitionManager();
    const device = (await p.ctx.db.query<{ id: number }>("select id from devices order by id limit 1"))[0]!
      .id;
    for (const companyId of [acme, globex]) {
      for (const daysAgo of [1, 10, 40]) {
        const ts = TEST_START - daysAgo * DAY_MS;
        await partitions.ensure(p.ctx.db, companyId, ts);
        await p.ctx.db.query(
          "insert into positions (company_id, device_id, ts, received_ts, lat, lng) values ($1, $2, $3, $3, 40, -3)",
          [companyId, device, ts],
        );
      }
    }
    expect(await partitionNames()).toHaveLength(6);
    const dropped = await dropExpiredPartitions(p.ctx.db, partitions, TEST_START);
    // Acme keeps 30 days (drops the 40-day-old one); Globex keeps 7 (drops 10 and 40).
    expect(dropped).toHaveLength(3);
    const counts = await p.ctx.db.query<{ company_id: number; n: number }>(
      "select company_id, count(*)::int as n from positions group by company_id order by company_id",
    );
    expect(counts).toEqual([
      { company_id: acme, n: 2 },
      { company_id: globex, n: 1 },
    ]);
    // A partition dropped is recreated on demand when late data for that day arrives.
    await partitions.ensure(p.ctx.db, globex, TEST_START - 10 * DAY_MS);
    expect(await partitionNames()).toHaveLength(4);
  });

  it("deletes quarantined positions past their company's retention, and orphans after 30 days", async () => {
    const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
    const globex = companies.find((c) => c.name === "Globex Security")!.id;
    await p.ctx.db.query("update companies set retention_days = 7 where id = $1", [globex]);
    for (const [companyId, daysAgo] of [
      [globex, 3],
      [globex, 8],
      [null, 20],
      [null, 31],
    ] as const) {
      await p.ctx.db.query(
        `insert into ingest_quarantine (company_id, imei, protocol, reason, received_ts)
         values ($1, $2, 'osmand', 'badTime', $3)`,
        [companyId, `q${daysAgo}`, TEST_START - daysAgo * DAY_MS],
      );
    }
    await dropExpiredPartitions(p.ctx.db, new PartitionManager(), TEST_START);
    const left = await p.ctx.db.query<{ imei: string }>("select imei from ingest_quarantine order by imei");
    expect(left.map((r) => r.imei)).toEqual(["q20", "q3"]);
  });
});
