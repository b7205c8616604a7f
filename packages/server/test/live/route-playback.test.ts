import { type DayTrack, type Playback, type PositionAt, playbackSchema } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "../../src/derived/index.ts";
import type { CompanyScope } from "../../src/kernel/tenancy/scope.ts";
import { type SimpleFix, TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let acme: number;
let vehicle: { id: number; imei: string; group: string };

// A morning as a field test found it: a drive, a stop parked with ignition off while the GPS drifts at 7 km/h,
// a drive with a 9.6 km GPS jump in it, a stop idling, a last drive. One fix every 30 s.
const START = TEST_START - 3 * 3_600_000;
function morning(): SimpleFix[] {
  const fixes: SimpleFix[] = [];
  let lat = 40.4;
  let lng = -3.72;
  let ts = START;
  const drive = (min: number, dLat: number, dLng: number) => {
    for (let i = 0; i < min * 2; i++) {
      lat += dLat;
      lng += dLng;
      ts += 30_000;
      fixes.push({ ts, lat, lng, spd: 35 + (i % 15), ignition: true });
    }
  };
  const stop = (min: number, ignition: boolean, drift: number) => {
    for (let i = 0; i < min * 2; i++) {
      ts += 30_000;
      fixes.push({ ts, lat: lat + (i % 2) * 0.00003, lng, spd: drift, ignition });
    }
  };
  drive(20, 0.0009, 0.0006);
  stop(20, false, 7);
  drive(10, -0.0004, 0.0011);
  fixes.push({ ts: ts + 15_000, lat: lat + 0.086, lng, spd: 60, ignition: true });
  drive(12, 0.0002, 0.001);
  stop(15, true, 0);
  drive(10, -0.0008, -0.0003);
  return fixes;
}

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  vehicle = (
    await p.ctx.db.query<{ id: number; imei: string; group: string }>(
      `select v.id, d.device_id as imei, g.name as group from vehicles v
       join devices d on d.item_type = 1 and d.item_id = v.id join device_types t on t.id = d.type_id
       join groups g on g.id = v.group_id
       where v.company_id = $1 and t.proto = 'teltonika' and g.name <> 'Toledo' order by v.id limit 1`,
      [acme],
    )
  )[0]!;
  const device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(vehicle.imei));
  await device.read(1);
  const fixes = morning();
  for (let i = 0; i < fixes.length; i += 25) {
    device.send(teltonikaPacket(fixes.slice(i, i + 25)));
    await device.read(4);
  }
  device.end();
}, 60_000);
afterAll(async () => p?.close());

const base = () => `companies/id/${acme}/vehicles/id/${vehicle.id}`;
const range = `from=${START}&to=${TEST_START}`;

describe("the route of the day", () => {
  it("leaves out the 9.6 km jump live state ignores, and finds both stops", async () => {
    const token = await p.api.token("admin@acme.demo");
    const route = await p.api.get<DayTrack>(`${base()}/route?${range}`, token);
    expect(route.status).toBe(200);
    expect(route.body.points.length).toBeGreaterThan(100);
    expect(Math.max(...route.body.points.map((pt) => pt.lat))).toBeLessThan(40.45);
    expect(route.body.stops.map((s) => s.idle)).toEqual([false, true]);
    expect(route.body.stops[0]!.endTs! - route.body.stops[0]!.startTs).toBeGreaterThanOrEqual(19 * 60_000);
  });
});

describe("history playback", () => {
  it("gives the range's points with ignition, its trips between the stops, and the same route", async () => {
    const token = await p.api.token("admin@acme.demo");
    const response = await p.api.get<Playback>(`${base()}/playback?${range}`, token);
    expect(response.status).toBe(200);
    const playback = playbackSchema.parse(response.body);
    expect(playback.stops).toHaveLength(2);
    expect(playback.trips).toHaveLength(3);
    for (const trip of playback.trips) expect(trip.distanceM).toBeGreaterThan(1000);
    expect(playback.points.every((pt) => typeof pt.ignition === "boolean")).toBe(true);
    const route = await p.api.get<DayTrack>(`${base()}/route?${range}`, token);
    expect(playback.points.map((pt) => pt.ts)).toEqual(route.body.points.map((pt) => pt.ts));
  });

  it("shows the derived trips, with the distances the reports read", async () => {
    await p.services.processor.idle();
    await p.services.derived.idle();
    const scope: CompanyScope = {
      companyId: acme,
      groupIds: null,
      principal: { userId: 0, role: "admin", companyId: acme } as unknown as CompanyScope["principal"],
    };
    // What the trips report, the summaries and the dashboard read: distances by the vehicle's odometer source,
    // without the GPS jump the raw route has.
    const derived = await trips(p.ctx.db, scope, {
      from: START,
      to: TEST_START,
      items: [{ itemType: 1, itemId: vehicle.id }],
    });
    expect(derived.length).toBeGreaterThan(0);
    const token = await p.api.token("admin@acme.demo");
    const playback = playbackSchema.parse(
      (await p.api.get<Playback>(`${base()}/playback?${range}`, token)).body,
    );
    const shown = playback.trips.slice(0, derived.length).map((t) => [t.startTs, t.distanceM]);
    expect(shown).toEqual(derived.map((d) => [d.startTs, d.distanceM]));
  });

  it("gives the stored position under the cursor with its sensors", async () => {
    const token = await p.api.token("admin@acme.demo");
    const at = await p.api.get<PositionAt>(`${base()}/positionat?ts=${START + 30 * 60_000 + 10_000}`, token);
    expect(at.status).toBe(200);
    expect(at.body.position?.ts).toBe(START + 30 * 60_000);
    expect(at.body.position?.sensors.ignition).toBe(false);
    const before = await p.api.get<PositionAt>(`${base()}/positionat?ts=${START - 1}`, token);
    expect(before.body.position).toBeNull();
  });

  it("refuses a range that ends before it starts or spans more than 31 days", async () => {
    const token = await p.api.token("admin@acme.demo");
    expect((await p.api.get(`${base()}/playback?from=${TEST_START}&to=${START}`, token)).status).toBe(400);
    const long = `from=${TEST_START - 32 * 86_400_000}&to=${TEST_START}`;
    expect((await p.api.get(`${base()}/playback?${long}`, token)).status).toBe(406);
  });

  it("is scoped: another company and a user of another group see no such item", async () => {
    for (const user of ["admin@globex.demo", "operator@acme.demo"]) {
      const token = await p.api.token(user);
      expect((await p.api.get(`${base()}/playback?${range}`, token)).status).not.toBe(200);
      expect((await p.api.get(`${base()}/positionat?ts=${TEST_START}`, token)).status).not.toBe(200);
    }
  });
});
