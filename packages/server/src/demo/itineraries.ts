import type { Queryable } from "../kernel/db/database.ts";

/**
 * Two itineraries for the demo company so /itineraries opens filled: a weekday morning delivery round of
 * typed points around Madrid (a POI first when the company has one), and a Saturday check of a geozone.
 */
export async function seedItineraries(tx: Queryable, companyId: number, now: number): Promise<void> {
  const vehicles = await tx.query<{ id: number }>(
    "select id from vehicles where company_id = $1 order by id limit 2",
    [companyId],
  );
  if (vehicles.length === 0) return;
  // The demo company is shown its itineraries (conf.general.itenerary), so the map and the alarms use them.
  await tx.query(
    `update companies set conf = jsonb_set(conf, '{general}', coalesce(conf->'general', '{}'::jsonb) || '{"itenerary": true}'::jsonb)
     where id = $1`,
    [companyId],
  );
  const poi = (
    await tx.query<{ id: number }>("select id from pois where company_id = $1 order by id limit 1", [
      companyId,
    ])
  )[0];
  const zone = (
    await tx.query<{ id: number }>("select id from geozones where company_id = $1 order by id limit 1", [
      companyId,
    ])
  )[0];
  const point = (lat: number, lng: number, time: string, minStay: number, maxStay: number) => ({
    kind: "point",
    placeId: null,
    lat,
    lng,
    radius: 150,
    time,
    before: 10,
    after: 15,
    minStay,
    maxStay,
  });
  const round = [
    poi
      ? {
          kind: "poi",
          placeId: poi.id,
          lat: null,
          lng: null,
          radius: null,
          time: "07:30",
          before: 10,
          after: 10,
          minStay: 0,
          maxStay: 30,
        }
      : point(40.4168, -3.7038, "07:30", 0, 30),
    point(40.4531, -3.6883, "08:15", 5, 20),
    point(40.4379, -3.6795, "09:00", 5, 20),
    point(40.3958, -3.6937, "10:00", 10, 45),
  ];
  const weekdays = [1, 2, 3, 4, 5];
  const rows: [string, unknown[], { itemType: "vehicle"; itemId: number; days: number[] }[]][] = [
    [
      "Madrid morning round",
      round,
      vehicles.map((v) => ({ itemType: "vehicle", itemId: v.id, days: weekdays })),
    ],
  ];
  if (zone)
    rows.push([
      "Saturday yard check",
      [
        {
          kind: "geozone",
          placeId: zone.id,
          lat: null,
          lng: null,
          radius: null,
          time: "11:00",
          before: 30,
          after: 30,
          minStay: 15,
          maxStay: 60,
        },
      ],
      [{ itemType: "vehicle", itemId: vehicles[0]!.id, days: [6] }],
    ]);
  for (const [name, waypoints, assignments] of rows)
    await tx.query(
      `insert into itineraries (company_id, name, waypoints, assignments, created_ts, updated_ts)
       values ($1, $2, $3::jsonb, $4::jsonb, $5, $5)`,
      [companyId, name, JSON.stringify(waypoints), JSON.stringify(assignments), now],
    );
}
