import { type Itinerary, type ItineraryValues, itinerarySchema } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import { type CompanyScope, groupFilter } from "../kernel/tenancy/scope.ts";

interface ItineraryRow {
  id: number;
  name: string;
  waypoints: unknown;
  assignments: unknown;
  updated_ts: string;
}

const present = (r: ItineraryRow): Itinerary =>
  itinerarySchema.parse({
    id: r.id,
    name: r.name,
    waypoints: r.waypoints,
    assignments: r.assignments,
    updatedTs: Number(r.updated_ts),
  });

export async function listItineraries(db: Queryable, companyId: number, id?: number): Promise<Itinerary[]> {
  const rows = await db.query<ItineraryRow>(
    `select id, name, waypoints, assignments, updated_ts from itineraries
     where company_id = $1 and ($2::int is null or id = $2) order by lower(name), id`,
    [companyId, id ?? null],
  );
  return rows.map(present);
}

/** Every POI, geozone, vehicle and person an itinerary names must be the company's; errors name the field. */
export async function checkReferences(db: Queryable, companyId: number, v: ItineraryValues): Promise<void> {
  const fields: Record<string, string> = {};
  const ids = async (table: string, wanted: number[]) =>
    new Set(
      wanted.length === 0
        ? []
        : (
            await db.query<{ id: number }>(
              `select id from ${table} where company_id = $1 and id = any($2::int[])`,
              [companyId, wanted],
            )
          ).map((r) => r.id),
    );
  const placeIds = (kind: string) =>
    v.waypoints.flatMap((w) => (w.kind === kind && w.placeId !== null ? [w.placeId] : []));
  const pois = await ids("pois", placeIds("poi"));
  const zones = await ids("geozones", placeIds("geozone"));
  v.waypoints.forEach((w, i) => {
    if (w.kind === "poi" && w.placeId !== null && !pois.has(w.placeId))
      fields[`waypoints.${i}.placeId`] = "unknownPoi";
    if (w.kind === "geozone" && w.placeId !== null && !zones.has(w.placeId))
      fields[`waypoints.${i}.placeId`] = "unknownGeozone";
  });
  const itemIds = (itemType: string) =>
    v.assignments.flatMap((a) => (a.itemType === itemType ? [a.itemId] : []));
  const items = {
    vehicle: await ids("vehicles", itemIds("vehicle")),
    person: await ids("persons", itemIds("person")),
  };
  v.assignments.forEach((a, i) => {
    if (!items[a.itemType].has(a.itemId)) fields[`assignments.${i}.itemId`] = "unknownItem";
  });
  if (Object.keys(fields).length > 0) throw badRequest("validation.failed", fields);
}

/** Whether the vehicle or person is the company's and in the caller's groups. */
export async function visibleItem(
  db: Queryable,
  scope: CompanyScope,
  item: { itemType: "vehicle" | "person"; itemId: number },
): Promise<boolean> {
  const table = item.itemType === "person" ? "persons" : "vehicles";
  const groups = groupFilter(scope, "group_id", 3);
  const rows = await db.query<{ id: number }>(
    `select id from ${table} where company_id = $1 and id = $2 and ${groups.sql}`,
    [scope.companyId, item.itemId, ...groups.params],
  );
  return rows.length > 0;
}

export async function insertItinerary(db: Queryable, companyId: number, v: ItineraryValues, now: number) {
  const rows = await db.query<{ id: number }>(
    `insert into itineraries (company_id, name, waypoints, assignments, created_ts, updated_ts)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $5) returning id`,
    [companyId, v.name, JSON.stringify(v.waypoints), JSON.stringify(v.assignments), now],
  );
  return rows[0]!.id;
}

export async function updateItinerary(
  db: Queryable,
  companyId: number,
  id: number,
  v: ItineraryValues,
  now: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update itineraries set name = $3, waypoints = $4::jsonb, assignments = $5::jsonb, updated_ts = $6
     where company_id = $1 and id = $2 returning id`,
    [companyId, id, v.name, JSON.stringify(v.waypoints), JSON.stringify(v.assignments), now],
  );
  return rows.length > 0;
}

export async function deleteItinerary(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "delete from itineraries where company_id = $1 and id = $2 returning id",
    [companyId, id],
  );
  return rows.length > 0;
}
