import { type AlarmLog, type ItineraryProgress, waypointPhase } from "@vigia/domain";
import { CODEC_8E, encodeTeltonikaAvl, encodeTeltonikaRecord } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localMidnight, readCompanyTimeZone } from "../../src/derived/index.ts";
import { TestDevice, teltonikaHandshake } from "../support/devices.ts";
import { itineraryWithRule, waypoint } from "../support/itineraries.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Itinerary alarms (family 35): a vehicle on an itinerary today reports positions through a simulated
 * Teltonika device under the manual clock; the alarm engine judges each applied position with the compliance
 * engine and raises each deviation once: early arrival, too long a stay, a missed waypoint, a late arrival.
 * Waypoint times are the company's local times; the test clock is set to them.
 */
let p: TestPlatform;
let acme: number;
let vehicle: { id: number; imei: string };
let device: TestDevice;
let admin: string;
let ruleId: number;

const AWAY = { lat: 40.3, lng: -3.6 };
const A = { lat: 40.41, lng: -3.7 };
const B = { lat: 40.43, lng: -3.7 };
const C = { lat: 40.45, lng: -3.7 };
/** TEST_START's local day, a Thursday (weekday 4), in the company's zone: waypoint times are local times. */
let midnight: number;
const at = (h: number, m: number, dayAfter = 0) => midnight + ((dayAfter * 24 + h) * 60 + m) * 60_000;

async function frameAt(ts: number, where: { lat: number; lng: number }): Promise<void> {
  p.clock.set(ts);
  const record = encodeTeltonikaRecord(
    {
      timestampMs: ts,
      priority: 0,
      lng: where.lng,
      lat: where.lat,
      altitudeM: 650,
      angle: 90,
      satellites: 9,
      speedKmh: 20,
      eventIoId: 0,
      io: [{ id: 239, size: 1, value: 1 }],
    },
    CODEC_8E,
  );
  device.send(encodeTeltonikaAvl([record], CODEC_8E));
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
  await p.services.processor.idle();
  await p.services.alarms.idle();
}

async function events(): Promise<string[]> {
  // A fresh token: the clock moves past a token's life.
  admin = await p.api.token("admin@acme.demo");
  const r = await p.api.get<Record<string, AlarmLog>>(
    `companies/id/${acme}/alarmlogs?from_ts=${at(0, 0)}&to_ts=${at(0, 0, 2)}`,
    admin,
  );
  expect(r.status).toBe(200);
  return Object.values(r.body)
    .filter((l) => l.info.alarmId === ruleId)
    .sort((a, b) => a.ts - b.ts || a.id - b.id)
    .map((l) => `${l.data.event} ${l.data.text}`);
}

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  const tz = await readCompanyTimeZone(p.ctx.db, acme);
  const { y, m, d } = { y: 2026, m: 1, d: 15 };
  midnight = localMidnight(y, m, d, tz);
  vehicle = (
    await p.ctx.db.query<{ id: number; imei: string }>(
      `select v.id, d.device_id as imei from vehicles v join devices d on d.item_type = 1 and d.item_id = v.id
       join device_types t on t.id = d.type_id where v.company_id = $1 and t.proto = 'teltonika' order by v.id limit 1`,
      [acme],
    )
  )[0]!;
  device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(vehicle.imei));
  expect((await device.read(1))[0]).toBe(1);
  admin = await p.api.token("admin@acme.demo");
  ruleId = await itineraryWithRule(p, acme, vehicle.id, [
    waypoint(A, "11:10"),
    waypoint(B, "11:40"),
    waypoint(C, "12:30"),
  ]);
});
afterAll(async () => {
  device?.end();
  await p?.close();
});

describe("itinerary alarms", () => {
  it("raise each deviation of the day once, as the positions come", async () => {
    await frameAt(at(11, 0), AWAY);
    expect(await events()).toEqual([]);
    // At A eight minutes before its 11:10 (five allowed): early, once however long it stays.
    await frameAt(at(11, 2), A);
    await frameAt(at(11, 6), A);
    expect(await events()).toEqual(["itineraryEarly #1 · -8 min · 0 min"]);
    // Still there at 11:13: eleven minutes, over the ten allowed.
    await frameAt(at(11, 13), A);
    await frameAt(at(11, 14), A);
    expect((await events()).slice(1)).toEqual(["itineraryStayLong #1 · -8 min · 11 min"]);
    // B's window closes at 11:45 without a visit: missed.
    await frameAt(at(11, 30), AWAY);
    await frameAt(at(11, 46), AWAY);
    expect((await events()).slice(2)).toEqual(["itinerarySkipped #2"]);
    // At C ten minutes after 12:30: late.
    await frameAt(at(12, 40), C);
    await frameAt(at(12, 45), C);
    expect((await events()).slice(3)).toEqual(["itineraryLate #3 · +10 min · 0 min"]);
  });

  it("the live map reads today's progress as a company user, waypoint by waypoint", async () => {
    admin = await p.api.token("admin@acme.demo");
    const r = await p.api.get<ItineraryProgress[]>(
      `companies/id/${acme}/itineraries/progress?vehicleId=${vehicle.id}`,
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    const [today] = r.body;
    expect(today!.name).toBe("Thursday round");
    expect(today!.waypoints.map((w) => [w.status, waypointPhase(w), w.time])).toEqual([
      ["stayLong", "visited", "11:10"],
      ["skipped", "missed", "11:40"],
      ["late", "visited", "12:30"],
    ]);
    expect(today!.waypoints[0]).toMatchObject({ lat: A.lat, lng: A.lng, next: false });
    // Another company's vehicle is not found.
    const other = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id <> $1 limit 1", [acme])
    )[0]!.id;
    expect(
      (await p.api.get(`companies/id/${acme}/itineraries/progress?vehicleId=${other}`, admin)).status,
    ).toBe(404);
  });

  it("raises nothing on a day the vehicle does not run the itinerary", async () => {
    const count = (await events()).length;
    // Friday: not assigned.
    await frameAt(at(11, 0, 1), AWAY);
    await frameAt(at(11, 30, 1), AWAY);
    await frameAt(at(12, 40, 1), C);
    expect(await events()).toHaveLength(count);
  });
});
