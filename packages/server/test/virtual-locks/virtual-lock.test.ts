import { type AlarmLog, EVENT_FAMILY, emptyAlarmRule, type VirtualLock } from "@vigia/domain";
import { CODEC_8E, encodeTeltonikaAvl, encodeTeltonikaRecord } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Virtual lock: armed on a parked vehicle through the API, simulated device frames that move it
 * beyond the lock's distance (or turn its ignition on) raise the virtualLock family through the alarm engine,
 * once; a disarmed lock or one past its schedule raises nothing.
 */
let p: TestPlatform;
let acme: number;
let vehicle: { id: number; imei: string };
let device: TestDevice;
let admin: string;
let ruleId: number;

const HOME = { lat: 40.41, lng: -3.7 };

async function frame(lat: number, lng: number, spd: number, ignition: boolean): Promise<void> {
  p.clock.advance(30_000);
  const record = encodeTeltonikaRecord(
    {
      timestampMs: p.clock.now(),
      priority: 0,
      lng,
      lat,
      altitudeM: 650,
      angle: 90,
      satellites: 9,
      speedKmh: spd,
      eventIoId: 0,
      io: [{ id: 239, size: 1, value: ignition ? 1 : 0 }],
    },
    CODEC_8E,
  );
  device.send(encodeTeltonikaAvl([record], CODEC_8E));
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
  await p.services.processor.idle();
  await p.services.alarms.idle();
}

async function notices(): Promise<AlarmLog[]> {
  admin = await p.api.token("admin@acme.demo");
  const r = await p.api.get<Record<string, AlarmLog>>(
    `companies/id/${acme}/alarmlogs?from_ts=${TEST_START - 86_400_000}&to_ts=${p.clock.now() + 86_400_000}`,
    admin,
  );
  return Object.values(r.body).filter((l) => l.info.alarmId === ruleId);
}

const lockPath = () => `companies/id/${acme}/virtuallocks/1/id/${vehicle.id}`;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
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
  const rule = emptyAlarmRule();
  rule.items.itemsType = 1;
  rule.items.vehicleIds = [vehicle.id];
  rule.info.name = "Virtual lock";
  rule.info.priority = 3;
  rule.info.family = EVENT_FAMILY.virtualLock;
  rule.info.value = null;
  const created = await p.api.post<{ id: number }>(`companies/id/${acme}/alarms`, rule, admin);
  expect(created.status).toBe(200);
  ruleId = created.body.id;
  await frame(HOME.lat, HOME.lng, 0, false);
}, 60_000);
afterAll(async () => {
  device?.end();
  await p?.close();
});

describe("virtual lock", () => {
  it("raises the lock alarm once when the parked vehicle moves beyond the distance", async () => {
    const armed = await p.api.put<VirtualLock>(lockPath(), { radiusM: 200, untilTs: null }, admin);
    expect(armed.status).toBe(200);
    expect(armed.body).toMatchObject({ itemId: vehicle.id, radiusM: 200, lat: HOME.lat, lng: HOME.lng });
    expect((await p.api.get<VirtualLock[]>(`companies/id/${acme}/virtuallocks`, admin)).body).toHaveLength(1);

    // GPS drift within the circle: nothing.
    await frame(HOME.lat + 0.0005, HOME.lng, 0, false);
    expect(await notices()).toHaveLength(0);
    // Towed 330 m away with the ignition off: the alarm, once.
    await frame(HOME.lat + 0.003, HOME.lng, 12, false);
    await frame(HOME.lat + 0.006, HOME.lng, 15, false);
    const found = await notices();
    expect(found.map((n) => n.data.event)).toEqual(["virtualLockMoved"]);
    expect(found[0]!.info.family).toBe(EVENT_FAMILY.virtualLock);
  });

  it("raises it when the ignition turns on, and not once disarmed", async () => {
    await frame(HOME.lat, HOME.lng, 0, false);
    await p.api.put(lockPath(), { radiusM: 500, untilTs: null }, admin);
    const before = (await notices()).length;
    await frame(HOME.lat, HOME.lng, 0, true);
    expect((await notices()).map((n) => n.data.event).slice(before)).toEqual(["virtualLockIgnition"]);

    await frame(HOME.lat, HOME.lng, 0, false);
    expect((await p.api.request("DELETE", lockPath(), { token: admin })).status).toBe(200);
    const after = (await notices()).length;
    await frame(HOME.lat, HOME.lng, 0, true);
    await frame(HOME.lat + 0.01, HOME.lng, 40, true);
    expect(await notices()).toHaveLength(after);
  });

  it("disarms on schedule", async () => {
    await frame(HOME.lat, HOME.lng, 0, false);
    const armed = await p.api.put(lockPath(), { radiusM: 100, untilTs: p.clock.now() + 60_000 }, admin);
    expect(armed.status).toBe(200);
    p.clock.advance(61_000);
    await p.services.alarms.tick();
    expect((await p.api.get<VirtualLock[]>(`companies/id/${acme}/virtuallocks`, admin)).body).toHaveLength(0);
    const count = (await notices()).length;
    await frame(HOME.lat + 0.01, HOME.lng, 40, true);
    expect(await notices()).toHaveLength(count);
  });

  it("refuses read-only users and a time in the past", async () => {
    const viewer = await p.api.token("viewer@acme.demo");
    expect((await p.api.put(lockPath(), { radiusM: 100, untilTs: null }, viewer)).status).toBe(403);
    const past = await p.api.put<{ description: string }>(lockPath(), { radiusM: 100, untilTs: 1000 }, admin);
    expect(past.status).toBe(409);
    expect(past.body.description).toBe("virtualLock.untilPast");
  });
});
