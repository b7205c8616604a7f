import { emptyAlarmRule } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlarmService } from "../../src/alarms/index.ts";
import { TimeZoneCache } from "../../src/derived/index.ts";
import { BeaconCache } from "../../src/indoor/index.ts";
import { ItineraryPlanCache } from "../../src/itineraries/index.ts";
import type { AppliedPosition } from "../../src/live/index.ts";
import { ZoneCache } from "../../src/places/index.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * In a cluster, a processor that takes a partition over evaluates again the frames the dead one committed but had
 * not acknowledged. Its alarm engine has no memory of them, so it fires again for the same position:
 * the notice must still be stored, published and sent once (keyed by rule, item and position time).
 */
let p: TestPlatform;
let acme: number;
let vehicle: { id: number; imei: string };
const applied: AppliedPosition[][] = [];

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  const row = await p.ctx.db.query<{ id: number; device_id: string }>(
    `select v.id, d.device_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
     where v.company_id = $1 order by v.id limit 1`,
    [acme],
  );
  vehicle = { id: row[0]!.id, imei: row[0]!.device_id };
  p.services.live.onApplied((list) => {
    applied.push(list);
  });
});
afterAll(async () => {
  await p?.close();
});

async function drive(lat: number): Promise<void> {
  const position: DecodedPosition = {
    ts: p.clock.now(),
    lat,
    lng: -4.0273,
    alt: 500,
    spd: 20,
    course: 180,
    satt: 9,
    valid: true,
    src: 1,
    attributes: { ignition: true },
  };
  await p.services.processor.submit({
    protocol: "teltonika",
    imei: vehicle.imei,
    remote: "test",
    positions: [position],
  });
  await p.services.processor.idle();
  await p.services.alarms.idle();
  p.clock.advance(20_000);
}

const count = async () =>
  (
    await p.ctx.db.query<{ n: number }>("select count(*)::int as n from alarm_logs where item_id = $1", [
      vehicle.id,
    ])
  )[0]!.n;

describe("alarm firing on redelivery", () => {
  it("stores one notice when a second engine evaluates the same positions again", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const zone = await p.api.post<{ id: number }>(
      `companies/id/${acme}/geozones`,
      { name: "Depot", type: "circle", group: null, lat: 39.8628, lng: -4.0273, radius: 300 },
      admin,
    );
    expect(zone.status).toBe(200);
    const rule = emptyAlarmRule();
    rule.items.vehicleIds = [vehicle.id];
    rule.info.name = "Depot entry";
    rule.info.priority = 3;
    rule.info.family = 5;
    rule.info.geozones = { geozoneIds: [zone.body.id], toIn: true, toOut: false };
    expect((await p.api.post(`companies/id/${acme}/alarms`, rule, admin)).status).toBe(200);

    // Outside, then inside long enough to be confirmed: one notice.
    for (const lat of [39.8668, 39.8648, 39.8629, 39.8628, 39.8628]) await drive(lat);
    expect(await count()).toBe(1);

    // Another processor (a fresh engine, no memory) evaluates the same applied positions again.
    const other = new AlarmService({
      ...p.ctx,
      live: p.services.live,
      mailer: p.services.mailer,
      egress: p.services.egress,
      geocoder: p.services.geocoder,
      beacons: new BeaconCache(p.ctx.db),
      zones: new ZoneCache(p.ctx.db),
      itineraryPlans: new ItineraryPlanCache(p.ctx.db, new TimeZoneCache(p.ctx.db), new ZoneCache(p.ctx.db)),
    });
    for (const list of applied) await other.onApplied(list);
    await other.idle();
    expect(await count()).toBe(1);
  });
});
