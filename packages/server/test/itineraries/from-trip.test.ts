import { DAY_MS, type FromTrip, timeOfDayText } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localMidnight, readCompanyTimeZone } from "../../src/derived/index.ts";
import { protocolOf, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * An itinerary drawn from a past trip: a vehicle drives, parks at the depot (a POI), drives, parks in
 * the street and drives on, a day before the test's "now"; the derived history keeps its two stops, and the
 * editor's route proposes them as waypoints (the first snapped to the POI), for reseller-level users only and
 * only for a vehicle of the selected company.
 */
let p: TestPlatform;
let acme: number;
let vehicle: { id: number; imei: string };
let poi: number;
let reseller: string;
let midnight: number;

const BASE = TEST_START - DAY_MS;
const DAY = "2026-01-14";

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

/** drive 5 min → parked 10 min → drive 5 min → parked 10 min → drive 5 min, one fix every 10 s. */
function journey() {
  const out: ReturnType<typeof fix>[] = [];
  let x = 0;
  const drive = (from: number) => {
    for (let s = from; s < from + 300; s += 10, x += 20) out.push(fix(s, 60, true, x));
  };
  const park = (from: number) => {
    for (let s = from; s < from + 600; s += 10) out.push(fix(s, 0, false, x));
  };
  drive(0);
  park(300);
  drive(900);
  park(1200);
  drive(1800);
  return out;
}

const url = (query: string, company = acme) => `companies/id/${company}/itineraries/from-trip?${query}`;

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  vehicle = (
    await p.ctx.db.query<{ id: number; imei: string }>(
      `select v.id, d.device_id as imei from vehicles v join devices d on d.item_type = 1 and d.item_id = v.id
       where v.company_id = $1 order by v.id limit 1`,
      [acme],
    )
  )[0]!;
  midnight = localMidnight(2026, 1, 14, await readCompanyTimeZone(p.ctx.db, acme));
  reseller = await p.api.token("reseller@vigia.demo");
  // The depot: where the first park is (30 fixes of 20 steps east of the start).
  const depot = await p.api.post<{ id: number }>(
    `companies/id/${acme}/pois`,
    { name: "Depot", lat: 40.4, lng: -3.7 + 600 * 0.0001, radius: 100 },
    await p.api.token("admin@acme.demo"),
  );
  expect(depot.status).toBe(200);
  poi = depot.body.id;
  const fixes = journey();
  for (let i = 0; i < fixes.length; i += 6)
    await p.services.processor.submit({
      protocol: await protocolOf(p, vehicle.imei),
      imei: vehicle.imei,
      remote: "test",
      positions: fixes.slice(i, i + 6),
    });
  await p.services.processor.idle();
  await p.services.derived.idle();
});
afterAll(async () => {
  await p?.close();
});

describe("itinerary from a past trip", () => {
  it("proposes the day's stops in order: arrival time, stay, the POI a stop lies in", async () => {
    const r = await p.api.get<FromTrip>(url(`vehicleId=${vehicle.id}&day=${DAY}`), reseller);
    expect(r.status).toBe(200);
    expect(r.body.stops).toBe(2);
    const first = timeOfDayText((BASE + 300_000 - midnight) / 60_000);
    const second = timeOfDayText((BASE + 1_200_000 - midnight) / 60_000);
    expect(r.body.waypoints.map((w) => [w.kind, w.placeId, w.time, w.minStay])).toEqual([
      ["poi", poi, first, 10],
      ["point", null, second, 10],
    ]);
    expect(r.body.waypoints[1]).toMatchObject({ lat: 40.4, radius: 100, maxStay: 0 });
  });

  it("without snapping every stop is a point", async () => {
    const r = await p.api.get<FromTrip>(url(`vehicleId=${vehicle.id}&day=${DAY}&snap=0`), reseller);
    expect(r.status).toBe(200);
    expect(r.body.waypoints.map((w) => w.kind)).toEqual(["point", "point"]);
  });

  it("a day without stops proposes nothing; a malformed day is refused", async () => {
    const r = await p.api.get<FromTrip>(url(`vehicleId=${vehicle.id}&day=2026-01-10`), reseller);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ day: "2026-01-10", stops: 0, waypoints: [] });
    expect((await p.api.get(url(`vehicleId=${vehicle.id}&day=yesterday`), reseller)).status).toBe(400);
  });

  it("is for reseller-level users: company roles are refused", async () => {
    for (const user of ["admin@acme.demo", "operator@acme.demo", "viewer@acme.demo"])
      expect(
        (await p.api.get(url(`vehicleId=${vehicle.id}&day=${DAY}`), await p.api.token(user))).status,
        user,
      ).toBe(403);
  });

  it("only for a vehicle of the selected company: another company's is not found", async () => {
    const other = (
      await p.ctx.db.query<{ id: number; company_id: number }>(
        "select id, company_id from vehicles where company_id <> $1 order by id limit 1",
        [acme],
      )
    )[0]!;
    expect((await p.api.get(url(`vehicleId=${other.id}&day=${DAY}`), reseller)).status).toBe(404);
    // Acme's vehicle asked through another company: refused or not found, never Acme's stops.
    const own = await p.api.get<FromTrip>(
      url(`vehicleId=${vehicle.id}&day=${DAY}`, other.company_id),
      reseller,
    );
    expect([403, 404]).toContain(own.status);
  });
});
