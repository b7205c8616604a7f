import { DRIVING_LIMIT_MS, type DriverDay, driverDaySchema } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDerivedPartition } from "../../src/derived/index.ts";
import { protocolOf, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Drivers on the map: the driver panel's day (driving time from derived trips, vehicle, events). */
let p: TestPlatform;
let acme: number;
let madridVehicle: number;
let madridGroup: number;
let driver: number;
let other: number;
const HOUR = 3_600_000;

async function addTrip(vehicleId: number, startTs: number, drivingMs: number, driverId: number | null) {
  await ensureDerivedPartition(p.services.partitions, p.ctx.db, "item_trips", acme, startTs);
  await p.ctx.db.query(
    `insert into item_trips (company_id, item_type, item_id, start_ts, end_ts, start_lat, start_lng, end_lat, end_lng,
       distance_m, driving_ms, idle_ms, max_spd, avg_spd, fuel_used, driver_id, points)
     values ($1, 1, $2, $3, $4, 40.4, -3.7, 40.3, -3.73, 20000, $5, 0, 90, 60, null, $6, 50)`,
    [acme, vehicleId, startTs, startTs + drivingMs, drivingMs, driverId],
  );
}

async function addEvent(vehicleId: number, ts: number, driverId: number) {
  await ensureDerivedPartition(p.services.partitions, p.ctx.db, "item_driving_events", acme, ts);
  await p.ctx.db.query(
    `insert into item_driving_events (company_id, item_type, item_id, ts, kind, lat, lng, spd, driver_id)
     values ($1, 1, $2, $3, 'harshBraking', 40.41, -3.7, 54.7, $4)`,
    [acme, vehicleId, ts, driverId],
  );
}

beforeAll(async () => {
  p = await startTestPlatform();
  const db = p.ctx.db;
  acme = (await db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!.id;
  const madrid = await db.query<{ id: number; group_id: number }>(
    `select v.id, v.group_id from vehicles v join groups g on g.id = v.group_id
     where v.company_id = $1 and g.name = 'Madrid' order by v.id limit 1`,
    [acme],
  );
  madridVehicle = madrid[0]!.id;
  madridGroup = madrid[0]!.group_id;
  const drivers = await db.query<{ id: number }>("select id from drivers where company_id = $1 order by id", [
    acme,
  ]);
  driver = drivers[0]!.id;
  other = drivers[1]!.id;
  // The company's day (Europe/Madrid) started at 23:00 UTC the evening before TEST_START (09:00 UTC).
  await addTrip(madridVehicle, TEST_START - 3 * HOUR, HOUR, driver);
  await addTrip(madridVehicle, TEST_START - 2 * HOUR, 30 * 60_000, driver);
  await addTrip(madridVehicle, TEST_START - HOUR, 2 * HOUR, other);
  await addTrip(madridVehicle, TEST_START - 24 * HOUR, 4 * HOUR, driver);
  await addEvent(madridVehicle, TEST_START - 2 * HOUR, driver);
  await addEvent(madridVehicle, TEST_START - HOUR, other);
  // The driver is identified on the vehicle, as a card read leaves it.
  await db.query("update drivers set vehicle_id = $2, vehicle_ts = $3 where id = $1", [
    driver,
    madridVehicle,
    TEST_START,
  ]);
  await db.query("update vehicles set driver_id = $2, driver_ts = $3 where id = $1", [
    madridVehicle,
    driver,
    TEST_START,
  ]);
  p.services.live.assignDriver(acme, {
    vehicleId: madridVehicle,
    groupId: madridGroup,
    driverId: driver,
    releasedDriverId: null,
    ts: TEST_START,
  });
});
afterAll(async () => {
  await p?.close();
});

const path = (companyId: number, id: number) => `companies/id/${companyId}/drivers/id/${id}/today`;

describe("driver day", () => {
  it("sums today's trips of that driver only, names the vehicle and lists the driver's events", async () => {
    const r = await p.api.get<DriverDay>(path(acme, driver), await p.api.token("admin@acme.demo"));
    expect(r.status).toBe(200);
    const day = driverDaySchema.parse(r.body);
    expect(day.drivingMs).toBe(HOUR + 30 * 60_000);
    expect(day.limitMs).toBe(DRIVING_LIMIT_MS);
    expect(day.vehicleId).toBe(madridVehicle);
    expect(day.runningSinceTs).toBeNull();
    expect(day.events.map((e) => [e.ts, e.driverId])).toEqual([[TEST_START - 2 * HOUR, driver]]);
    expect(day.dayStartTs).toBeLessThanOrEqual(TEST_START);
    expect(TEST_START - day.dayStartTs).toBeLessThan(24 * HOUR);
  });

  it("another driver's day has their own trips", async () => {
    const r = await p.api.get<DriverDay>(path(acme, other), await p.api.token("admin@acme.demo"));
    expect(r.body.drivingMs).toBe(2 * HOUR);
    expect(r.body.vehicleId).toBeNull();
  });

  it("is readable by a read-only user of the company", async () => {
    const r = await p.api.get<DriverDay>(path(acme, driver), await p.api.token("viewer@acme.demo"));
    expect(r.status).toBe(200);
  });

  it("another company's user gets nothing: 404 on the company's driver, in either company's path", async () => {
    const globexAdmin = await p.api.token("admin@globex.demo");
    const globex = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Globex Security'")
    )[0]!.id;
    expect([403, 404]).toContain((await p.api.get(path(acme, driver), globexAdmin)).status);
    expect((await p.api.get(path(globex, driver), globexAdmin)).status).toBe(404);
  });

  it("a group-scoped user neither sees a driver of another group nor trips of vehicles outside their groups", async () => {
    const operator = await p.api.token("operator@acme.demo"); // Toledo only
    // Drivers without a group are the whole company's; the Madrid vehicle and its trips stay hidden.
    const open = await p.api.get<DriverDay>(path(acme, driver), operator);
    expect(open.status).toBe(200);
    expect(open.body.drivingMs).toBe(0);
    expect(open.body.vehicleId).toBeNull();
    expect(open.body.events).toEqual([]);
    await p.ctx.db.query("update drivers set group_id = $2 where id = $1", [driver, madridGroup]);
    expect((await p.api.get(path(acme, driver), operator)).status).toBe(404);
    await p.ctx.db.query("update drivers set group_id = null where id = $1", [driver]);
  });

  it("adds the trip running now on the driver's vehicle, from when it started moving", async () => {
    const [device] = await p.ctx.db.query<{ device_id: string }>(
      "select device_id from devices where item_type = 1 and item_id = $1",
      [madridVehicle],
    );
    expect(device).toBeDefined();
    // The vehicle drives off at TEST_START: a fix every 30 s, ignition on, 50 km/h.
    for (let i = 0; i < 4; i++)
      await p.services.processor.submit({
        protocol: await protocolOf(p, device!.device_id),
        imei: device!.device_id,
        remote: "test",
        positions: [
          {
            ts: TEST_START + i * 30_000,
            lat: 40.4 + i * 0.002,
            lng: -3.7,
            alt: 650,
            spd: 50,
            course: 0,
            satt: 9,
            valid: true,
            src: 1,
            attributes: { ignition: true },
          },
        ],
      });
    await p.services.processor.idle();
    const live = p.services.live.state(1, madridVehicle);
    expect(live?.motion).toBe("moving");
    const since = live!.since!;
    p.clock.set(TEST_START + 20 * 60_000);
    const r = await p.api.get<DriverDay>(path(acme, driver), await p.api.token("admin@acme.demo"));
    expect(r.body.runningSinceTs).toBe(since);
    expect(r.body.drivingMs).toBe(HOUR + 30 * 60_000 + (TEST_START + 20 * 60_000 - since));
  });
});
