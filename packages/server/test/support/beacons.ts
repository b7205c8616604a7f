import type { Beacon, BeaconZone } from "@vigia/domain";
import { expect } from "vitest";
import { startTestPlatform, type TestPlatform } from "./platform.ts";

/** Acme's first OsmAnd phone: the item beacon sightings are sent for. */
export interface BeaconPhone {
  imei: string;
  itemId: number;
  itemType: 1 | 2 | 3;
}

/**
 * A platform with the gateway listening (OsmAnd sightings go through it), Acme's administrator, its first OsmAnd
 * phone, and beacon zones made of new beacons: `zones` names each zone and the uuids of its beacons; `loose`
 * beacons belong to no zone.
 */
export async function startBeaconPlatform(
  zones: Record<string, string[]>,
  loose: string[] = [],
): Promise<{
  p: TestPlatform;
  acme: number;
  admin: string;
  phone: BeaconPhone;
  zones: Record<string, BeaconZone>;
}> {
  const p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
  });
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  const acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  const admin = await p.api.token("admin@acme.demo");
  const rows = await p.ctx.db.query<BeaconPhone & { device_id: string }>(
    `select d.device_id, d.item_id as "itemId", d.item_type as "itemType" from devices d
       join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = 'osmand' and d.item_id is not null order by d.id limit 1`,
    [acme],
  );
  const phone = { imei: rows[0]!.device_id, itemId: rows[0]!.itemId, itemType: rows[0]!.itemType };
  let i = 0;
  const beacon = async (uuid: string) => {
    const res = await p.api.post<Beacon>(
      `companies/id/${acme}/ibeacons`,
      { name: `Beacon ${uuid}`, uuid, lat: 40.45 + i++ * 1e-4, lng: -3.69 },
      admin,
    );
    expect(res.status).toBe(200);
    return res.body.id;
  };
  const made: Record<string, BeaconZone> = {};
  for (const [name, uuids] of Object.entries(zones)) {
    const ids: number[] = [];
    for (const uuid of uuids) ids.push(await beacon(uuid));
    const zone = await p.api.post<BeaconZone>(
      `companies/id/${acme}/beaconzones`,
      { name, beaconIds: ids },
      admin,
    );
    expect(zone.status).toBe(200);
    made[name] = zone.body;
  }
  for (const uuid of loose) await beacon(uuid);
  return { p, acme, admin, phone, zones: made };
}
