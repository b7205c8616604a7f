import { emptyLiveItemState, type LiveItemState } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlarmService } from "../../src/alarms/index.ts";
import { localMidnight, readCompanyTimeZone, TimeZoneCache } from "../../src/derived/index.ts";
import { BeaconCache } from "../../src/indoor/index.ts";
import { ItineraryPlanCache } from "../../src/itineraries/index.ts";
import type { AppliedPosition } from "../../src/live/index.ts";
import { ZoneCache } from "../../src/places/index.ts";
import { itineraryWithRule, waypoint } from "../support/itineraries.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The itinerary family's day (stays so far, deviations raised) survives a restart of the alarm engine.
 * Applied positions go straight to an alarm service of the test's own; half-way through the day it is replaced
 * by a fresh one (a restarted processor, nothing in memory) that must carry on from `itinerary_days`: the
 * early arrival is not raised again, the stay counts from the first entry, the rest of the day fires once.
 */
let p: TestPlatform;
let acme: number;
let vehicle: { id: number; groupId: number | null };
let ruleId: number;
let midnight: number;
let current: LiveItemState;

const AWAY = { lat: 40.3, lng: -3.6 };
const A = { lat: 40.41, lng: -3.7 };
const B = { lat: 40.43, lng: -3.7 };
const at = (h: number, m: number) => midnight + (h * 60 + m) * 60_000;

const freshService = () =>
  new AlarmService({
    ...p.ctx,
    live: p.services.live,
    mailer: p.services.mailer,
    egress: p.services.egress,
    geocoder: p.services.geocoder,
    beacons: new BeaconCache(p.ctx.db),
    zones: new ZoneCache(p.ctx.db),
    itineraryPlans: new ItineraryPlanCache(p.ctx.db, new TimeZoneCache(p.ctx.db), new ZoneCache(p.ctx.db)),
  });

async function feed(service: AlarmService, ts: number, where: { lat: number; lng: number }): Promise<void> {
  p.clock.set(ts);
  const position = {
    ts,
    ...where,
    alt: 650,
    spd: 20,
    course: 90,
    satt: 9,
    valid: true,
    src: 1 as const,
    attributes: {},
  };
  const before = current;
  current = { ...before, pos: { ...position, receivedTs: ts } };
  const applied: AppliedPosition = {
    binding: {
      deviceRowId: 0,
      companyId: acme,
      itemType: 1,
      itemId: vehicle.id,
      groupId: vehicle.groupId,
      odometerSource: 3,
      initialMileageKm: 0,
    },
    companyId: acme,
    itemType: 1,
    itemId: vehicle.id,
    position,
    before,
    after: current,
    effects: [],
    late: false,
    engine: { state: before, travelledM: 0, lastFix: null, lastTs: null },
  };
  await service.onApplied([applied]);
  await service.idle();
}

async function events(): Promise<string[]> {
  const rows = await p.ctx.db.query<{ event: string; waypoint: number }>(
    `select data->>'event' as event, (data->'params'->>'waypoint')::int as waypoint from alarm_logs
     where rule_id = $1 order by ts, id`,
    [ruleId],
  );
  return rows.map((r) => `${r.event} #${r.waypoint}`);
}

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  midnight = localMidnight(2026, 1, 15, await readCompanyTimeZone(p.ctx.db, acme));
  vehicle = (
    await p.ctx.db.query<{ id: number; groupId: number | null }>(
      `select id, group_id as "groupId" from vehicles where company_id = $1 order by id limit 1`,
      [acme],
    )
  )[0]!;
  current = emptyLiveItemState(1, vehicle.id, vehicle.groupId);
  ruleId = await itineraryWithRule(p, acme, vehicle.id, [waypoint(A, "11:10"), waypoint(B, "11:40")]);
});
afterAll(async () => {
  await p?.close();
});

describe("itinerary day across a restart", () => {
  it("carries on from the stored day: nothing raised twice, the stay counted from the first entry", async () => {
    const first = freshService();
    await feed(first, at(11, 0), AWAY);
    await feed(first, at(11, 2), A);
    await feed(first, at(11, 6), A);
    expect(await events()).toEqual(["itineraryEarly #1"]);
    const stored = await p.ctx.db.query<{ day: string }>(
      "select day from itinerary_days where vehicle_id = $1",
      [vehicle.id],
    );
    expect(stored).toEqual([{ day: "2026-01-15" }]);

    // Restarted: a new engine with nothing in memory. Still at A at 11:13, eleven minutes after 11:02.
    const second = freshService();
    await feed(second, at(11, 13), A);
    await feed(second, at(11, 14), A);
    expect(await events()).toEqual(["itineraryEarly #1", "itineraryStayLong #1"]);

    // Restarted again, B's window closes unvisited: missed, once.
    const third = freshService();
    await feed(third, at(11, 30), AWAY);
    await feed(third, at(11, 46), AWAY);
    await feed(third, at(11, 50), AWAY);
    expect(await events()).toEqual(["itineraryEarly #1", "itineraryStayLong #1", "itinerarySkipped #2"]);
  });

  it("a position older than the stored day changes nothing (a frame delivered again after the restart)", async () => {
    const again = freshService();
    await feed(again, at(11, 2), A);
    expect(await events()).toEqual(["itineraryEarly #1", "itineraryStayLong #1", "itinerarySkipped #2"]);
    const last = await p.ctx.db.query<{ last_ts: string }>(
      "select last_ts from itinerary_days where vehicle_id = $1",
      [vehicle.id],
    );
    expect(Number(last[0]!.last_ts)).toBe(at(11, 50));
  });
});
