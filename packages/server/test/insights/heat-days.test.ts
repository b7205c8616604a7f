import type { Heatmap } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropExpiredPartitions } from "../../src/ingest/index.ts";
import { buildDueHeatDays } from "../../src/insights/index.ts";
import { protocolOf, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Heat-map cells of closed days: a month's heat map sums hexagons built once per day
 * instead of grouping every position again. Built days answer exactly what the positions answer, for every scope
 * and resolution; positions that reach a built day later (a device's buffered upload) count at once and the day
 * is built again; retention drops the cells with the positions.
 */
const DAY = 86_400_000;
/** Two days before the test's "now": a closed day. */
const DAY_START = Math.floor((TEST_START - 2 * DAY) / DAY) * DAY;
const from = DAY_START - DAY;
const to = TEST_START + DAY;

let p: TestPlatform;
let acme = 0;
let devices: { device_id: string; item_id: number }[] = [];

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  devices = await p.ctx.db.query(
    `select device_id, item_id from devices where company_id = $1 and item_type = 1 and item_id is not null
     order by id limit 3`,
    [acme],
  );
  // Each vehicle drives around Madrid on the closed day, a fix every 30 s for an hour; today a few fixes more.
  for (const [index, device] of devices.entries()) {
    await send(
      device.device_id,
      Array.from({ length: 120 }, (_, i) => DAY_START + 8 * 3_600_000 + index * 7_000 + i * 30_000),
      index,
    );
    await send(device.device_id, [TEST_START - 600_000, TEST_START - 300_000], index);
  }
});
afterAll(async () => {
  await p?.close();
});

async function send(imei: string, times: number[], index: number): Promise<void> {
  for (let i = 0; i < times.length; i += 10)
    await p.services.processor.submit({
      protocol: await protocolOf(p, imei),
      imei,
      remote: "test",
      positions: times.slice(i, i + 10).map((ts, k) => ({
        ts,
        lat: 40.4 + index * 0.02 + ((i + k) % 40) * 0.002,
        lng: -3.7 + ((i + k) % 17) * 0.003,
        alt: 650,
        spd: 40,
        course: 90,
        satt: 9,
        valid: true,
        src: 1 as const,
        attributes: {},
      })),
    });
  await p.services.processor.idle();
}

const heat = async (email: string, query: string) => {
  const r = await p.api.get<Heatmap>(
    `companies/id/${acme}/heatmap?from_ts=${from}&to_ts=${to}${query}`,
    await p.api.token(email),
  );
  expect(r.status).toBe(200);
  return { ...r.body, cells: [...r.body.cells].sort((a, b) => a.h3.localeCompare(b.h3)) };
};

const QUERIES: [string, string][] = [
  ["admin@acme.demo", "&resolution=8"],
  ["admin@acme.demo", "&resolution=6"],
  ["admin@acme.demo", "&resolution=9"],
  ["subadmin@acme.demo", "&resolution=8"],
];

const build = () => buildDueHeatDays(p.ctx.db, p.services.partitions, p.clock.now(), 1000);

describe("heat-map cells of closed days", () => {
  it("answer what the positions answer, for every scope and resolution, and are what is read", async () => {
    const before = await Promise.all(QUERIES.map(([email, q]) => heat(email, q)));
    expect(before[0]!.total).toBeGreaterThanOrEqual(devices.length * 122);
    const one = devices[0]!.item_id;
    const narrowed = await heat("admin@acme.demo", `&items=1:${one}`);

    expect(await build()).toBeGreaterThan(0);
    const [stored] = await p.ctx.db.query<{ points: number }>(
      "select coalesce(sum(n), 0)::int as points from heat_cells where company_id = $1 and day_start_ts = $2",
      [acme, DAY_START],
    );
    expect(stored!.points).toBeGreaterThanOrEqual(devices.length * 120);
    // Today has not ended: it is never built.
    const [today] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from heat_days where day_start_ts >= $1",
      [Math.floor(TEST_START / DAY) * DAY],
    );
    expect(today!.n).toBe(0);

    const after = await Promise.all(QUERIES.map(([email, q]) => heat(email, q)));
    expect(after).toEqual(before);
    expect(await heat("admin@acme.demo", `&items=1:${one}`)).toEqual(narrowed);

    // The stored cells are what the heat map reads for a built day: doubled, the day counts twice.
    await p.ctx.db.query("update heat_cells set n = n * 2 where company_id = $1 and day_start_ts = $2", [
      acme,
      DAY_START,
    ]);
    const doubled = await heat("admin@acme.demo", "&resolution=8");
    await p.ctx.db.query("update heat_cells set n = n / 2 where company_id = $1 and day_start_ts = $2", [
      acme,
      DAY_START,
    ]);
    expect(doubled.total).toBe(before[0]!.total + stored!.points);
    // Finer than the stored resolution, positions are read: the doubling did not show there.
    expect((await heat("admin@acme.demo", "&resolution=9")).total).toBe(before[2]!.total);
  });

  it("count a late position of a built day at once, and the day is built again", async () => {
    await build();
    const before = await heat("admin@acme.demo", "&resolution=8");
    expect(await build()).toBe(0);

    await send(devices[1]!.device_id, [DAY_START + 20 * 3_600_000], 1);
    const late = await heat("admin@acme.demo", "&resolution=8");
    expect(late.total).toBe(before.total + 1);

    expect(await build()).toBe(1);
    expect(await heat("admin@acme.demo", "&resolution=8")).toEqual(late);
    expect(await build()).toBe(0);
  });

  it("are dropped by retention with the positions", async () => {
    await build();
    await p.ctx.db.query("update companies set retention_days = 1 where id = $1", [acme]);
    const dropped = await dropExpiredPartitions(p.ctx.db, p.services.partitions, p.clock.now());
    expect(dropped.some((name) => name.startsWith(`heat_cells_c${acme}_d`))).toBe(true);
    const [days] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from heat_days where company_id = $1 and day_start_ts < $2",
      [acme, Math.floor(TEST_START / DAY) * DAY - DAY],
    );
    expect(days!.n).toBe(0);
    const [kept] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from positions where company_id = $1 and ts >= $2 and ts < $3 and valid",
      [acme, from, to],
    );
    expect(kept!.n).toBeGreaterThanOrEqual(devices.length * 2);
    expect((await heat("admin@acme.demo", "&resolution=8")).total).toBe(kept!.n);
  });
});
