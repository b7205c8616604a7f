import type { Dashboard } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Fuel from a tank level sensor: a vehicle that reports its level (no fuel counter) gets litres burnt, its refuel
 * and its drop in the fuel report, the same litres in the summary and the dashboard's fuel figure.
 */
let p: TestPlatform;
let acme = 0;
let vehicle = 0;
const DAY = 86_400_000;
const from = TEST_START - 2 * DAY;
const to = TEST_START;
const MIN = 60_000;

interface Job {
  id: string;
  state: string;
  result: { columns: { key: string }[]; rows: (string | number | null)[][]; notice: string | null } | null;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const db = p.ctx.db;
  acme = (await db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!.id;
  vehicle = (
    await db.query<{ id: number }>("select id from vehicles where company_id = $1 order by id limit 1", [
      acme,
    ])
  )[0]!.id;
  await db.query("update vehicles set fuel_tank = 80, fuel_factor = 1 where id = $1", [vehicle]);
  const device = (await db.query<{ id: number }>("select id from devices limit 1"))[0]!.id;
  const start = from + 9 * 3_600_000;
  await p.services.partitions.ensure(db, acme, start);
  // 60 min driving from 75 % to 60 % (12 L), parked: refuelled to 95 % (28 L), then 15 % (12 L) siphoned off.
  const levels: [number, number][] = [
    ...Array.from({ length: 61 }, (_, i): [number, number] => [75 - i * 0.25, 60]),
    [60, 0],
    [60, 0],
    [80, 0],
    [95, 0],
    [95, 0],
    [95, 0],
    [88, 0],
    [80, 0],
    [80, 0],
  ];
  for (const [i, [pct, spd]] of levels.entries())
    await db.query(
      `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, spd, attributes)
       values ($1, $2, 1, $3, $4, $4, 40.4, -3.7, $5, $6)`,
      [acme, device, vehicle, start + i * MIN, spd, { fuel: pct, ignition: spd > 0 }],
    );
});
afterAll(async () => {
  await p?.close();
});

async function run(type: string): Promise<Job> {
  const token = await p.api.token("admin@acme.demo");
  const body = {
    type,
    vehiclesId: [vehicle],
    timeLimits: { from, to },
    format: "screen",
    lang: "en",
    timezone: "UTC",
  };
  const started = await p.api.post<Job>(`companies/id/${acme}/reports/jobs`, body, token);
  expect(started.status).toBe(200);
  await p.services.reportJobs.settled(started.body.id);
  return (await p.api.get<Job>(`companies/id/${acme}/reports/jobs/id/${started.body.id}`, token)).body;
}

describe("fuel from a level sensor", () => {
  it("fills the fuel report with litres burnt, the refuel and the drop", async () => {
    const job = await run("fuel");
    expect(job.state).toBe("done");
    const keys = job.result!.columns.map((c) => c.key);
    const row = job.result!.rows[0]!;
    expect(job.result!.notice).toBeNull();
    expect(row[keys.indexOf("fuel")]).toBe(12);
    expect(row[keys.indexOf("refuels")]).toBe(28);
    expect(row[keys.indexOf("fuelDrops")]).toBe(12);
  });

  it("shows the same litres in the summary and on the dashboard", async () => {
    const job = await run("summary");
    const keys = job.result!.columns.map((c) => c.key);
    expect(job.result!.rows[0]![keys.indexOf("fuel")]).toBe(12);
    const token = await p.api.token("admin@acme.demo");
    const r = await p.api.get<Dashboard>(`companies/id/${acme}/dashboard?from_ts=${from}&to_ts=${to}`, token);
    expect(r.status).toBe(200);
    expect(r.body.totals.fuelL).toBe(12);
  });
});
