import { EVENT_FAMILY, emptyAlarmRule } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * The indoor demo site's beacon zones, by index into the site's beacons (demo/indoor.ts): the two
 * beacons of the east aisle end are the loading dock, the two of the west end the cold store, the four upstairs
 * the offices. Entering the loading dock raises a notice for the persons given (the demo passes the worker app's
 * carrier, who crosses it every lap), so the alarm list shows a beacon-zone notice within minutes of a start. It
 * notifies nobody by name: no toast interrupts whoever is looking at the demo.
 */
const ZONES: { name: string; color: string; beacons: number[]; alarm?: string }[] = [
  { name: "Loading dock", color: "#e8590c", beacons: [6, 7], alarm: "Person at the loading dock" },
  { name: "Cold store", color: "#1c7ed6", beacons: [0, 1] },
  { name: "First-floor offices", color: "#2f9e44", beacons: [8, 9, 10, 11] },
];

export async function seedBeaconZones(
  tx: Queryable,
  companyId: number,
  site: { beaconIds: readonly number[]; personIds: readonly number[] },
  now: number,
): Promise<void> {
  for (const z of ZONES) {
    const rows = await tx.query<{ id: number }>(
      `insert into beacon_zones (company_id, name, color, created_ts, updated_ts) values ($1, $2, $3, $4, $4)
       returning id`,
      [companyId, z.name, z.color, now],
    );
    const zoneId = rows[0]!.id;
    await tx.query("insert into beacon_zone_beacons (zone_id, beacon_id) select $1, unnest($2::int[])", [
      zoneId,
      z.beacons.map((i) => site.beaconIds[i]!),
    ]);
    if (!z.alarm || site.personIds.length === 0) continue;
    const rule = emptyAlarmRule();
    rule.items.itemsType = 3;
    rule.items.personIds = [...site.personIds];
    rule.info.name = z.alarm;
    rule.info.priority = 2;
    rule.info.family = EVENT_FAMILY.beaconZoneEntry;
    rule.info.value = zoneId;
    await tx.query(
      `insert into alarm_rules (company_id, family, item_type, active, rule, created_ts, updated_ts)
       values ($1, $2, 3, true, $3, $4, $4)`,
      [companyId, rule.info.family, rule, now],
    );
  }
}
