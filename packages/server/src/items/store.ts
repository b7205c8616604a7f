import type {
  AssetRow,
  assetWriteSchema,
  DeviceTypeRow,
  DriverRow,
  driverWriteSchema,
  PersonRow,
  personWriteSchema,
  VehicleRow,
} from "@vigia/domain";
import type { z } from "zod";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { type CompanyScope, sharedGroupFilter } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/**
 * The company-load collections, each an object keyed by id as the client stores them.
 * Every query takes the resolved scope: group-scoped users only see items of their groups.
 */
type Keyed<T> = Record<string, T>;

function keyed<T extends { id: number }>(rows: T[]): Keyed<T> {
  const out: Keyed<T> = {};
  for (const row of rows) out[row.id] = row;
  return out;
}

function visible(scope: CompanyScope, column = "group_id"): { where: string; params: SqlParam[] } {
  if (scope.groupIds === null) return { where: "company_id = $1", params: [scope.companyId] };
  return {
    where: `company_id = $1 and ${column} = any($2::int[])`,
    params: [scope.companyId, scope.groupIds],
  };
}

export async function listGroups(db: Queryable, scope: CompanyScope) {
  const filter = scope.groupIds === null ? "" : "and g.id = any($2::int[])";
  const rows = await db.query<{
    id: number;
    name: string;
    parentId: number | null;
    vehicles: number[];
    assets: number[];
    persons: number[];
  }>(
    `select g.id, g.name, g.parent_id as "parentId",
       coalesce((select array_agg(v.id order by v.id) from vehicles v where v.group_id = g.id), '{}') as vehicles,
       coalesce((select array_agg(a.id order by a.id) from assets a where a.group_id = g.id), '{}') as assets,
       coalesce((select array_agg(p.id order by p.id) from persons p where p.group_id = g.id), '{}') as persons
     from groups g where g.company_id = $1 ${filter} order by g.id`,
    scope.groupIds === null ? [scope.companyId] : [scope.companyId, scope.groupIds],
  );
  return keyed(rows);
}

export async function listVehicles(db: Queryable, scope: CompanyScope) {
  const { where, params } = visible(scope);
  const rows = await db.query<VehicleRow>(
    `select id, plate, name, brand, model, type, chassis_number as "chassisNumber", fuel_tank as "fuelTank",
       engine_type as "engineType", initial_mileage as "initialMileage", initial_hours as "initialHours",
       odometer_source as "odometerSource", fuel_source as "fuelSource", fuel_factor as "fuelFactor",
       consumption, color, group_id as "group", intrack,
       case when driver_id is null then null else jsonb_build_object('id', driver_id, 'ts', driver_ts) end as driver,
       custom_data as "customData", dtcs, created_ts as "createdTs", updated_ts as "updatedTs"
     from vehicles where ${where} order by id`,
    params,
  );
  return keyed(rows);
}

export async function listAssets(db: Queryable, scope: CompanyScope) {
  const { where, params } = visible(scope);
  const rows = await db.query<AssetRow>(
    `select id, name, type, group_id as "group", custom_data as "customData",
       created_ts as "createdTs", updated_ts as "updatedTs" from assets where ${where} order by id`,
    params,
  );
  return keyed(rows);
}

export async function listPersons(db: Queryable, scope: CompanyScope) {
  const { where, params } = visible(scope);
  const rows = await db.query<PersonRow>(
    `select id, name, group_id as "group", custom_data as "customData",
       created_ts as "createdTs", updated_ts as "updatedTs" from persons where ${where} order by id`,
    params,
  );
  return keyed(rows);
}

export async function listDrivers(db: Queryable, scope: CompanyScope) {
  // Drivers without a group are visible to the whole company; group-scoped users see those of their groups.
  const shared = sharedGroupFilter(scope);
  const rows = await db.query<DriverRow>(
    `select id, name, group_id as "group", person_id as "personId", tachograph_card as "tachographCard",
       ibutton as "iButton", beacon, email, reference, phone,
       case when vehicle_id is null then null else jsonb_build_object('id', vehicle_id, 'ts', vehicle_ts) end as vehicle,
       custom_data as "customData", created_ts as "createdTs", updated_ts as "updatedTs"
     from drivers where company_id = $1 and ${shared.sql} order by id`,
    [scope.companyId, ...shared.params],
  );
  return keyed(rows);
}

export async function listDeviceTypes(db: Queryable): Promise<Keyed<DeviceTypeRow>> {
  const rows = await db.query<DeviceTypeRow>(
    `select id, name, factory, description, port, proto, prefix, id_length as "idLength",
       config_defaults as "configDefaults" from device_types order by id`,
  );
  return keyed(rows);
}

/**
 * Writes of the company's items. Every statement
 * on an item table goes through the scoped helper; the device statements find the devices by the item, whose id is
 * unique across companies and which the caller has proved visible.
 */
type Scope = Pick<CompanyScope, "companyId">;

/** An asset's or a person's fields; an asset also has a type. */
export type NamedItemValues = z.output<typeof personWriteSchema> & {
  type?: z.output<typeof assetWriteSchema>["type"];
};

/** Creates an asset or a person; its id. */
export async function insertNamedItem(
  db: Queryable,
  scope: Scope,
  kind: "assets" | "persons",
  values: NamedItemValues,
  now: number,
): Promise<number> {
  const common = [values.group, values.name, values.customData, now];
  const rows = await companyQuery(db, scope)<{ id: number }>(
    kind === "assets"
      ? `insert into assets (company_id, group_id, name, custom_data, created_ts, updated_ts, type)
         values ($1, $2, $3, $4, $5, $5, $6) returning id`
      : `insert into persons (company_id, group_id, name, custom_data, created_ts, updated_ts)
         values ($1, $2, $3, $4, $5, $5) returning id`,
    kind === "assets" ? [...common, values.type ?? null] : common,
  );
  const row = rows[0];
  if (!row) throw new Error(`insert into ${kind} returned no row`);
  return row.id;
}

export async function updateNamedItem(
  db: Queryable,
  scope: Scope,
  kind: "assets" | "persons",
  id: number,
  values: NamedItemValues,
  now: number,
): Promise<void> {
  const common = [id, values.name, values.group, values.customData, now];
  await companyQuery(db, scope)(
    kind === "assets"
      ? "update assets set name = $3, group_id = $4, custom_data = $5, updated_ts = $6, type = $7 where id = $2 and company_id = $1"
      : "update persons set name = $3, group_id = $4, custom_data = $5, updated_ts = $6 where id = $2 and company_id = $1",
    kind === "assets" ? [...common, values.type ?? null] : common,
  );
}

/** Deletes one of the company's items of a table (vehicles, assets, persons, drivers). */
export async function deleteItemRow(
  db: Queryable,
  scope: Scope,
  table: "vehicles" | "assets" | "persons" | "drivers",
  id: number,
): Promise<void> {
  await companyQuery(db, scope)(`delete from ${table} where id = $2 and company_id = $1`, [id]);
}

/** The device ids (as devices send them) of the devices on an item. */
export async function itemDeviceIds(db: Queryable, itemType: number, itemId: number): Promise<string[]> {
  const rows = await db.query<{ device_id: string }>(
    "select device_id from devices where item_type = $1 and item_id = $2",
    [itemType, itemId],
  );
  return rows.map((r) => r.device_id);
}

/** Takes every device off an item (they stay the company's, on no item). */
export async function unlinkItemDevices(db: Queryable, itemType: number, itemId: number): Promise<void> {
  await db.query("update devices set item_type = 0, item_id = null where item_type = $1 and item_id = $2", [
    itemType,
    itemId,
  ]);
}

export type DriverValues = z.output<typeof driverWriteSchema>;

const driverParams = (b: DriverValues): SqlParam[] => [
  b.name,
  b.group,
  b.personId,
  b.tachographCard,
  b.iButton,
  b.beacon,
  b.email,
  b.reference,
  b.phone,
  b.customData,
];

export async function personExists(db: Queryable, scope: Scope, personId: number): Promise<boolean> {
  const rows = await companyQuery(db, scope)("select 1 from persons where id = $2 and company_id = $1", [
    personId,
  ]);
  return rows.length > 0;
}

/** Whether another driver of the company (not `selfId`) is backed by this person. */
export async function personBacksDriver(
  db: Queryable,
  scope: Scope,
  personId: number,
  selfId: number | null,
): Promise<boolean> {
  const rows = await companyQuery(db, scope)(
    "select id from drivers where company_id = $1 and person_id = $2 and ($3::int is null or id <> $3)",
    [personId, selfId],
  );
  return rows.length > 0;
}

/** Creates a driver; its id. */
export async function insertDriver(
  db: Queryable,
  scope: Scope,
  values: DriverValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into drivers (company_id, name, group_id, person_id, tachograph_card, ibutton, beacon, email, reference,
       phone, custom_data, created_ts, updated_ts)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12) returning id`,
    [...driverParams(values), now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into drivers returned no row");
  return row.id;
}

export async function updateDriver(
  db: Queryable,
  scope: Scope,
  id: number,
  values: DriverValues,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update drivers set name=$2, group_id=$3, person_id=$4, tachograph_card=$5, ibutton=$6, beacon=$7, email=$8,
       reference=$9, phone=$10, custom_data=$11, updated_ts=$12 where id = $13 and company_id = $1`,
    [...driverParams(values), now, id],
  );
}

/** Takes a driver off every vehicle that has them (found by the driver, whom the caller has proved visible). */
export async function releaseDriverVehicles(db: Queryable, driverId: number, now: number): Promise<void> {
  await db.query("update vehicles set driver_id = null, driver_ts = $2 where driver_id = $1", [
    driverId,
    now,
  ]);
}
