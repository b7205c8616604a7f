import type { vehicleWriteSchema } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import type { z } from "zod";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/**
 * The vehicles' writes (their reads, shaped for the company load, are the items capability's read models).
 * Statements that follow a link from a vehicle the caller proved visible (its devices, its driver) find the rows
 * by that link, as ids are unique across companies.
 */
type Scope = Pick<CompanyScope, "companyId">;
export type VehicleValues = z.output<typeof vehicleWriteSchema>;

function columns(body: VehicleValues): SqlParam[] {
  return [
    body.plate,
    body.name,
    body.brand,
    body.model,
    body.type,
    body.chassisNumber,
    body.fuelTank,
    body.engineType,
    body.initialMileage,
    body.initialHours,
    body.odometerSource,
    body.fuelSource,
    body.fuelFactor,
    body.consumption,
    body.color,
    body.group,
    body.customData,
    body.intrack,
  ];
}

/** Creates a vehicle of the company; its id. */
export async function insertVehicle(
  db: Queryable,
  scope: Scope,
  body: VehicleValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into vehicles (company_id, plate, name, brand, model, type, chassis_number, fuel_tank, engine_type,
       initial_mileage, initial_hours, odometer_source, fuel_source, fuel_factor, consumption, color,
       group_id, custom_data, intrack, created_ts, updated_ts)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) returning id`,
    [...columns(body), now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into vehicles returned no row");
  return row.id;
}

export async function updateVehicle(
  db: Queryable,
  scope: Scope,
  id: number,
  body: VehicleValues,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update vehicles set plate=$2, name=$3, brand=$4, model=$5, type=$6, chassis_number=$7, fuel_tank=$8,
       engine_type=$9, initial_mileage=$10, initial_hours=$11, odometer_source=$12, fuel_source=$13,
       fuel_factor=$14, consumption=$15, color=$16, group_id=$17, custom_data=$18, intrack=$19, updated_ts=$20
     where id = $21 and company_id = $1`,
    [...columns(body), now, id],
  );
}

export async function driverExists(db: Queryable, scope: Scope, driverId: number): Promise<boolean> {
  const rows = await companyQuery(db, scope)("select 1 from drivers where id = $2 and company_id = $1", [
    driverId,
  ]);
  return rows.length > 0;
}

/**
 * Puts a driver (or nobody) on a vehicle: the vehicle's previous driver and the driver's previous vehicle are
 * released, and drivers.vehicle_id is kept in step with vehicles.driver_id.
 */
export async function setVehicleDriver(
  db: Queryable,
  vehicleId: number,
  driverId: number | null,
  ts: number,
): Promise<void> {
  await db.query("update drivers set vehicle_id = null, vehicle_ts = $2 where vehicle_id = $1", [
    vehicleId,
    ts,
  ]);
  await db.query("update vehicles set driver_id = $2, driver_ts = $3 where id = $1", [
    vehicleId,
    driverId,
    ts,
  ]);
  if (driverId !== null) {
    await db.query("update vehicles set driver_id = null, driver_ts = $2 where driver_id = $1 and id <> $3", [
      driverId,
      ts,
      vehicleId,
    ]);
    await db.query("update drivers set vehicle_id = $2, vehicle_ts = $3 where id = $1", [
      driverId,
      vehicleId,
      ts,
    ]);
  }
}

/** The devices on an item, whose ingest binding changes with the item's group. */
export async function itemDeviceIds(db: Queryable, itemType: number, itemId: number): Promise<string[]> {
  const devices = await db.query<{ device_id: string }>(
    "select device_id from devices where item_type = $1 and item_id = $2",
    [itemType, itemId],
  );
  return devices.map((d) => d.device_id);
}

/** Deletes a vehicle: its devices stay with the company on no item, its driver is released. */
export async function deleteVehicle(db: Queryable, scope: Scope, id: number): Promise<void> {
  await db.query(
    `update devices set item_type = 0, item_id = null where item_type = ${ITEM_TYPE.vehicle} and item_id = $1`,
    [id],
  );
  await db.query("update drivers set vehicle_id = null where vehicle_id = $1", [id]);
  await companyQuery(db, scope)("delete from vehicles where id = $2 and company_id = $1", [id]);
}
