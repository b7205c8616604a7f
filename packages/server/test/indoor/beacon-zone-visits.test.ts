import type { BeaconZone } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import { encodeOsmAndBeaconPath } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBeaconPlatform } from "../support/beacons.ts";
import { TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Beacon-zone entries and exits give report rows exactly as geozones do. A phone reports beacon
 * sightings (no GPS) over the OsmAnd protocol through the real gateway and processor; the derivation stores the
 * visit like a geozone's, and the beacon-zone entries-and-exits report lists it.
 */
let p: TestPlatform;
let acme: number;
let admin: string;
let phone: { imei: string; itemId: number; itemType: 1 | 2 | 3 };
let dock: BeaconZone;
let aisle: BeaconZone;

interface Job {
  id: string;
  result: { columns: { key: string }[]; rows: (string | number | null)[][]; notice: string | null } | null;
}

beforeAll(async () => {
  const started = await startBeaconPlatform({
    "Visit dock": ["visit-dock-1", "visit-dock-2"],
    "Visit aisle": ["visit-aisle-1"],
  });
  ({ p, acme, admin, phone } = started);
  dock = started.zones["Visit dock"]!;
  aisle = started.zones["Visit aisle"]!;
});
afterAll(async () => {
  await p?.close();
});

/** One sighting frame 30 s after the previous, strongest first; resolves once it is derived and stored. */
async function heard(...ids: string[]): Promise<number> {
  p.clock.advance(30_000);
  const beacons = ids.map((id, i) => ({ id, rssi: -60 - i * 5 }));
  const r = await fetch(
    `http://127.0.0.1:${p.gateway!.ports.osmand}${encodeOsmAndBeaconPath(phone.imei, p.clock.now(), beacons)}`,
  );
  expect(r.status).toBe(200);
  await p.services.processor.idle();
  await p.services.derived.idle();
  // The gateway keeps whole seconds.
  return Math.floor(p.clock.now() / 1000) * 1000;
}

async function report(type: string, zoneIds: number[] = []): Promise<Job["result"]> {
  const items = { vehiclesId: [] as number[], assetsId: [] as number[], personsId: [] as number[] };
  const key =
    phone.itemType === ITEM_TYPE.vehicle
      ? "vehiclesId"
      : phone.itemType === ITEM_TYPE.asset
        ? "assetsId"
        : "personsId";
  items[key] = [phone.itemId];
  const started = await p.api.post<Job>(
    `companies/id/${acme}/reports/jobs`,
    {
      type,
      ...items,
      zoneIds,
      timeLimits: { from: TEST_START - 86_400_000, to: p.clock.now() + 3_600_000 },
      format: "screen",
      lang: "en",
      timezone: "Europe/Madrid",
    },
    admin,
  );
  expect(started.status).toBe(200);
  await p.services.reportJobs.settled(started.body.id);
  const job = await p.api.get<Job>(`companies/id/${acme}/reports/jobs/id/${started.body.id}`, admin);
  expect(job.status).toBe(200);
  return job.body.result;
}

describe("beacon zone visits", () => {
  it("stores entry and exit from beacon sightings and reports them like geozone visits", async () => {
    await heard("visit-aisle-1");
    // A faint dock beacon behind the aisle's does not put the item on the dock.
    await heard("visit-aisle-1", "visit-dock-1");
    const entered = await heard("VISIT-DOCK-2", "visit-aisle-1");
    await heard("visit-dock-1");
    const left = await heard("visit-aisle-1");

    const stored = await p.ctx.db.query<{
      place_kind: number;
      place_id: number;
      start_ts: string;
      end_ts: string;
    }>(
      `select place_kind, place_id, start_ts, end_ts from item_visits
       where company_id = $1 and item_type = $2 and item_id = $3 order by start_ts`,
      [acme, phone.itemType, phone.itemId],
    );
    expect(stored.map((r) => [r.place_kind, r.place_id, Number(r.start_ts), Number(r.end_ts)])).toEqual([
      [3, aisle.id, entered - 60_000, entered],
      [3, dock.id, entered, left],
    ]);

    const result = await report("beaconZoneVisits");
    const keys = result!.columns.map((c) => c.key);
    expect(keys).toEqual([
      "item",
      "driver",
      "beaconZone",
      "entry",
      "exit",
      "timeInside",
      "distance",
      "maxSpeed",
    ]);
    const rows = result!.rows.map((r) => [r[2], r[3], r[4], r[5]]);
    expect(rows).toEqual([
      ["Visit aisle", entered - 60_000, entered, 60_000],
      ["Visit dock", entered, left, left - entered],
    ]);

    // The zone filter, as for geozones.
    const onlyDock = await report("beaconZoneVisits", [dock.id]);
    expect(onlyDock!.rows.map((r) => r[2])).toEqual(["Visit dock"]);
    // Beacon zones number their ids apart: none of these visits shows as a geozone's.
    expect((await report("geozoneVisits"))!.rows).toEqual([]);
  });

  it("lists the beacon-zone report in the catalogue for the company's users", async () => {
    const r = await p.api.get<Record<string, { id: string }>>(`companies/id/${acme}/report_types`, admin);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toContain("beaconZoneVisits");
  });
});
