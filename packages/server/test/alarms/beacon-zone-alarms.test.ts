import {
  type AlarmLog,
  type AlarmRuleInput,
  type BeaconZone,
  EVENT_FAMILY,
  emptyAlarmRule,
  ITEM_TYPE,
} from "@vigia/domain";
import { encodeOsmAndBeaconPath } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBeaconPlatform } from "../support/beacons.ts";
import { TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Beacon-zone entry and exit alarms (families 33 and 34). A phone reports beacon sightings over the
 * OsmAnd protocol through the real gateway and processor; the item is in a zone while its strongest beacon is one of the zone's.
 */
let p: TestPlatform;
let acme: number;
let admin: string;
let phone: { imei: string; itemId: number; itemType: 1 | 2 | 3 };
let dock: BeaconZone;

beforeAll(async () => {
  const started = await startBeaconPlatform({ "Loading dock": ["dock-1", "dock-2"] }, ["aisle-1"]);
  ({ p, acme, admin, phone } = started);
  dock = started.zones["Loading dock"]!;
});
afterAll(async () => {
  await p?.close();
});

/**
 * One sighting frame 30 s after the previous, strongest first, through the gateway; resolves once its alarms are
 * raised.
 */
async function heard(...ids: string[]): Promise<void> {
  p.clock.advance(30_000);
  const beacons = ids.map((id, i) => ({ id, rssi: -60 - i * 5 }));
  const r = await fetch(
    `http://127.0.0.1:${p.gateway!.ports.osmand}${encodeOsmAndBeaconPath(phone.imei, p.clock.now(), beacons)}`,
  );
  expect(r.status).toBe(200);
  await p.services.processor.idle();
  await p.services.alarms.idle();
}

function rule(name: string, family: number, value: number): AlarmRuleInput {
  const r = emptyAlarmRule();
  r.items.itemsType = phone.itemType;
  if (phone.itemType === ITEM_TYPE.vehicle) r.items.vehicleIds = [phone.itemId];
  else if (phone.itemType === ITEM_TYPE.asset) r.items.assetIds = [phone.itemId];
  else r.items.personIds = [phone.itemId];
  r.info.name = name;
  r.info.priority = 2;
  r.info.family = family;
  r.info.value = value;
  return r;
}

async function notices(ruleId: number): Promise<AlarmLog[]> {
  const r = await p.api.get<Record<string, AlarmLog>>(
    `companies/id/${acme}/alarmlogs?from_ts=${TEST_START - 86_400_000}&to_ts=${p.clock.now() + 86_400_000}`,
    admin,
  );
  return Object.values(r.body).filter((l) => l.info.alarmId === ruleId);
}

describe("beacon zone alarms", () => {
  it("fires entry into the named zone and exit from any zone, once per stay", async () => {
    const entry = await p.api.post<{ id: number }>(
      `companies/id/${acme}/alarms`,
      rule("Dock entry", EVENT_FAMILY.beaconZoneEntry, dock.id),
      admin,
    );
    expect(entry.status).toBe(200);
    const exit = await p.api.post<{ id: number }>(
      `companies/id/${acme}/alarms`,
      rule("Any beacon zone exit", EVENT_FAMILY.beaconZoneExit, 0),
      admin,
    );
    expect(exit.status).toBe(200);

    await heard("aisle-1");
    // The dock's beacon heard faintly behind the aisle's does not put the item on the dock.
    await heard("aisle-1", "dock-1");
    expect(await notices(entry.body.id)).toHaveLength(0);

    // Case does not matter: the beacon is stored as "dock-2". One frame on the dock could be an RSSI jump: the
    // second confirms the presence.
    await heard("DOCK-2", "aisle-1");
    expect(await notices(entry.body.id)).toHaveLength(0);
    await heard("dock-1");
    const entered = await notices(entry.body.id);
    expect(entered.map((l) => [l.data.event, l.data.text, l.info.family])).toEqual([
      ["beaconZoneIn", "Loading dock", 33],
    ]);
    // Heard in the aisle for less than the release time, then on the dock again: the same stay, no new notice.
    await heard("aisle-1");
    await heard("dock-1");
    await heard("dock-2");
    expect(await notices(entry.body.id)).toHaveLength(1);
    expect(await notices(exit.body.id)).toHaveLength(0);

    // Out of the zone for the release time (a minute): one exit, and the entry's notice shows the stay's end.
    const leftAt = p.clock.now() + 30_000;
    await heard("aisle-1");
    await heard("aisle-1");
    expect(await notices(exit.body.id)).toHaveLength(0);
    await heard("aisle-1");
    const left = await notices(exit.body.id);
    expect(left.map((l) => [l.data.event, l.data.text, l.info.family])).toEqual([
      ["beaconZoneOut", "Loading dock", 34],
    ]);
    await heard("aisle-1");
    expect(await notices(exit.body.id)).toHaveLength(1);
    const stay = await notices(entry.body.id);
    expect(stay).toHaveLength(1);
    expect(stay[0]!.data.episode?.end).toBe(leftAt);
  });

  it("refuses a negative or fractional zone value", async () => {
    const bad = await p.api.post(
      `companies/id/${acme}/alarms`,
      rule("Bad", EVENT_FAMILY.beaconZoneEntry, -1),
      admin,
    );
    expect(bad.status).toBe(400);
  });

  it("refuses a zone that is not one of the company's", async () => {
    const foreign = await p.api.post<{ fields: Record<string, string> }>(
      `companies/id/${acme}/alarms`,
      rule("Elsewhere", EVENT_FAMILY.beaconZoneEntry, dock.id + 100_000),
      admin,
    );
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain("info.value");
  });
});
