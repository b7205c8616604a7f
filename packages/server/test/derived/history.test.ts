import { DAY_MS } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStartCounters } from "../../src/demo/counters.ts";
import { startDemoHistory } from "../../src/demo/index.ts";
import { days, rebuildDerived, stops, trips } from "../../src/derived/index.ts";
import { dropExpiredPartitions } from "../../src/ingest/partitions.ts";
import type { CompanyScope } from "../../src/kernel/tenancy/scope.ts";
import { protocolOf, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let imei: string;
let scope: CompanyScope;
let item: { itemType: 1 | 2 | 3; itemId: number };

beforeAll(async () => {
  p = await startTestPlatform();
  const rows = await p.ctx.db.query<{
    device_id: string;
    company_id: number;
    item_type: 1 | 2 | 3;
    item_id: number;
  }>(
    `select device_id, company_id, item_type, item_id from devices
     where company_id is not null and item_id is not null and item_type = 1 order by id limit 1`,
  );
  const row = rows[0]!;
  imei = row.device_id;
  item = { itemType: row.item_type, itemId: row.item_id };
  scope = {
    companyId: row.company_id,
    groupIds: null,
    principal: {
      userId: 0,
      role: "admin",
      companyId: row.company_id,
    } as unknown as CompanyScope["principal"],
  };
});
afterAll(async () => {
  await p?.close();
});

/** Starts a day before the test's "now", so the derived rows are history. */
const BASE = TEST_START - DAY_MS;

const fix = (s: number, spd: number, ignition: boolean, x: number) => ({
  ts: BASE + s * 1000,
  lat: 40.4,
  lng: -3.7 + x * 0.0001,
  alt: 600,
  spd,
  course: 90,
  satt: 9,
  valid: true,
  src: 1 as const,
  attributes: { ignition },
});

/** drive 5 min → parked 10 min (ignition off) → drive 5 min, one fix every 10 s, sent in frames of 6 fixes. */
function journey() {
  const out: ReturnType<typeof fix>[] = [];
  let x = 0;
  for (let s = 0; s < 300; s += 10, x += 20) out.push(fix(s, 60, true, x));
  for (let s = 300; s < 900; s += 10) out.push(fix(s, 0, false, x));
  for (let s = 900; s <= 1200; s += 10, x += 20) out.push(fix(s, 60, true, x));
  return out;
}

async function send(positions: ReturnType<typeof fix>[]): Promise<void> {
  for (let i = 0; i < positions.length; i += 6)
    await p.services.processor.submit({
      protocol: await protocolOf(p, imei),
      imei,
      remote: "test",
      positions: positions.slice(i, i + 6),
    });
  await p.services.processor.idle();
  await p.services.derived.idle();
}

const range = () => ({ from: BASE - DAY_MS, to: TEST_START + DAY_MS, items: [item] });

describe("derived history", () => {
  it("turns drive → stop → drive frames into a trip, a stop and a day row, across a restart", async () => {
    const all = journey();
    await send(all.slice(0, 45));
    // As after a restart: the processor forgets the item and continues from its persisted state.
    p.services.derived.adopt([item]);
    await send(all.slice(45));
    const t = await trips(p.ctx.db, scope, range());
    const s = await stops(p.ctx.db, scope, range());
    const d = await days(p.ctx.db, scope, range());
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ startTs: BASE, maxSpd: 60 });
    expect(t[0]!.distanceM).toBeGreaterThan(400);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ startTs: t[0]!.endTs, endTs: BASE + 900_000, idleMs: 0 });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ trips: 2, points: journey().length });
    expect(d[0]!.drivingMs).toBeGreaterThanOrEqual(590_000);
    expect(p.services.derived.stats.errors).toBe(0);
  });

  it("rebuilds the same rows the processor kept, and again (idempotent)", async () => {
    const before = {
      trips: await trips(p.ctx.db, scope, range()),
      stops: await stops(p.ctx.db, scope, range()),
      days: await days(p.ctx.db, scope, range()),
    };
    for (let run = 0; run < 2; run++) {
      await rebuildDerived(p.ctx, p.services.partitions, {
        companyId: scope.companyId,
        from: BASE - DAY_MS,
        to: TEST_START + DAY_MS,
      });
      expect(await trips(p.ctx.db, scope, range())).toEqual(before.trips);
      expect(await stops(p.ctx.db, scope, range())).toEqual(before.stops);
      expect(await days(p.ctx.db, scope, range())).toEqual(before.days);
    }
  });

  it("drops derived partitions with the positions' retention", async () => {
    await p.ctx.db.query("update companies set retention_days = 1 where id = $1", [scope.companyId]);
    const dropped = await dropExpiredPartitions(p.ctx.db, p.services.partitions, TEST_START + 2 * DAY_MS);
    expect(dropped.some((n) => n.startsWith("positions_"))).toBe(true);
    expect(dropped.some((n) => n.startsWith("item_trips_"))).toBe(true);
    expect(dropped.some((n) => n.startsWith("item_stops_"))).toBe(true);
    expect(await trips(p.ctx.db, scope, range())).toEqual([]);
  });
});

describe("demo history", () => {
  it("fills the demo fleet's past days with positions and derived rows, once", async () => {
    const history = startDemoHistory(p.ctx, p.services.partitions, 3);
    await history.done;
    const all = { from: TEST_START - 5 * DAY_MS, to: TEST_START };
    const t = await trips(p.ctx.db, scope, all);
    const d = await days(p.ctx.db, scope, all);
    expect(t.length).toBeGreaterThan(5);
    expect(d.length).toBeGreaterThan(5);
    expect(t.every((trip) => trip.endTs > trip.startTs && trip.distanceM >= 50)).toBe(true);
    expect(t.every((trip) => trip.avgSpd <= trip.maxSpd)).toBe(true);
    // Each vehicle's history ends at the counters its live simulation starts from, on the simulation's ground.
    const last = await p.ctx.db.query<{
      device_id: number;
      alt: number;
      attributes: Record<string, unknown>;
    }>(
      `select distinct on (device_id) device_id, alt, attributes from positions
       where company_id = $1 and item_type = 1 and device_id <> (select id from devices where device_id = $2)
       order by device_id, ts desc`,
      [scope.companyId, imei],
    );
    expect(last.length).toBeGreaterThan(0);
    for (const row of last) {
      const start = demoStartCounters(Number(row.device_id));
      expect(row.attributes.odometer).toBe(Math.round(start.odometerM));
      expect(row.attributes.hours).toBe(Math.floor(start.engineS));
      expect(row.attributes.fuel).toBe(Math.round((100 * start.fuelL) / 60));
      expect(row.alt).toBeLessThan(130);
    }
    const [before] = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from positions");
    // A second start finds the marker and adds nothing.
    await startDemoHistory(p.ctx, p.services.partitions, 3).done;
    const [again] = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from positions");
    expect(again!.n).toBe(before!.n);
  });
});
