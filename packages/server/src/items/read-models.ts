import type { AssetRow, DeviceTypeRow, DriverRow, PersonRow, VehicleRow } from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { type CompanyScope, sharedGroupFilter } from "../kernel/tenancy/scope.ts";

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
