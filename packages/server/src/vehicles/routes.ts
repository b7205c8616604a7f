import { vehiclesApi, type vehicleWriteSchema } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { deleteItemMedia } from "../event-media/index.ts";
import type { FileService } from "../files/index.ts";
import type { ItemsContext } from "../items/index.ts";
import { assertGroup, found, listVehicles, publish, uniqueField } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { reloadGroups } from "../live/index.ts";

type VehicleBody = z.output<typeof vehicleWriteSchema>;

function columns(body: VehicleBody): SqlParam[] {
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

/**
 * One driver per vehicle (spec 01 §5): assigning takes the driver off any other vehicle, as the ingest does
 * when an iButton is read, and keeps drivers.vehicle_id in step.
 */
async function assignDriver(
  tx: Queryable,
  scope: CompanyScope,
  vehicleId: number,
  driverId: number | null,
  ts: number,
): Promise<void> {
  if (driverId !== null) {
    const found = await tx.query("select 1 from drivers where id = $1 and company_id = $2", [
      driverId,
      scope.companyId,
    ]);
    if (found.length === 0) throw badRequest("validation.failed", { driverId: "invalidDriver" });
  }
  await tx.query("update drivers set vehicle_id = null, vehicle_ts = $2 where vehicle_id = $1", [
    vehicleId,
    ts,
  ]);
  await tx.query("update vehicles set driver_id = $2, driver_ts = $3 where id = $1", [
    vehicleId,
    driverId,
    ts,
  ]);
  if (driverId !== null) {
    await tx.query("update vehicles set driver_id = null, driver_ts = $2 where driver_id = $1 and id <> $3", [
      driverId,
      ts,
      vehicleId,
    ]);
    await tx.query("update drivers set vehicle_id = $2, vehicle_ts = $3 where id = $1", [
      driverId,
      vehicleId,
      ts,
    ]);
  }
}

async function oneVehicle(ctx: ItemsContext, scope: CompanyScope, id: number) {
  return found((await listVehicles(ctx.db, scope))[id]);
}

/** The devices on an item, whose ingest binding changes with the item's group. */
async function devicesOf(ctx: ItemsContext, itemType: number, itemId: number): Promise<string[]> {
  const devices = await ctx.db.query<{ device_id: string }>(
    "select device_id from devices where item_type = $1 and item_id = $2",
    [itemType, itemId],
  );
  return devices.map((d) => d.device_id);
}

/** Vehicles under companies/id/{cid}/vehicles — every field of spec 01 §3. */
export function vehicleRoutes(ctx: ItemsContext & { files: FileService }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, vehiclesApi.list, async (request) => listVehicles(ctx.db, scopeOf(request)));

    mountRoute(app, vehiclesApi.one, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      await visibleItem(ctx.db, scope, "vehicles", id);
      return oneVehicle(ctx, scope, id);
    });

    mountRoute(app, vehiclesApi.create, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await assertGroup(ctx.db, scope, body.group);
      const now = ctx.clock.now();
      const id = await ctx.db
        .transaction(async (tx) => {
          const rows = await tx.query<{ id: number }>(
            `insert into vehicles (plate, name, brand, model, type, chassis_number, fuel_tank, engine_type,
               initial_mileage, initial_hours, odometer_source, fuel_source, fuel_factor, consumption, color,
               group_id, custom_data, intrack, company_id, created_ts, updated_ts)
             values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) returning id`,
            [...columns(body), scope.companyId, now],
          );
          const vid = (rows[0] as { id: number }).id;
          if (body.driverId !== null) await assignDriver(tx, scope, vid, body.driverId, now);
          await recordAudit(
            ctx,
            scope.principal,
            {
              companyId: scope.companyId,
              action: "create",
              entity: "vehicle",
              entityId: String(vid),
              data: { plate: body.plate },
            },
            tx,
          );
          return vid;
        })
        .catch((e: unknown) => uniqueField(e, "vehicles_company_id_plate_key", "plate", "plate.duplicate"));
      publish(ctx, scope, 1, id, body.group, { type: "addGroup", data: { id: body.group } });
      return oneVehicle(ctx, scope, id);
    });

    mountRoute(app, vehiclesApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{
        group_id: number | null;
        driver_id: number | null;
        custom_data: unknown;
      }>(ctx.db, scope, "vehicles", id);
      const body = request.body;
      await assertGroup(ctx.db, scope, body.group);
      const now = ctx.clock.now();
      await ctx.db
        .transaction(async (tx) => {
          await tx.query(
            `update vehicles set plate=$1, name=$2, brand=$3, model=$4, type=$5, chassis_number=$6, fuel_tank=$7,
               engine_type=$8, initial_mileage=$9, initial_hours=$10, odometer_source=$11, fuel_source=$12,
               fuel_factor=$13, consumption=$14, color=$15, group_id=$16, custom_data=$17, intrack=$18, updated_ts=$19
             where id = $20 and company_id = $21`,
            [...columns(body), now, id, scope.companyId],
          );
          if (body.driverId !== before.driver_id) await assignDriver(tx, scope, id, body.driverId, now);
          await recordAudit(
            ctx,
            scope.principal,
            {
              companyId: scope.companyId,
              action: "update",
              entity: "vehicle",
              entityId: String(id),
              data: { plate: body.plate },
            },
            tx,
          );
        })
        .catch((e: unknown) => uniqueField(e, "vehicles_company_id_plate_key", "plate", "plate.duplicate"));
      if (before.group_id !== body.group) {
        ctx.live.itemsChanged(scope.companyId, {
          devices: await devicesOf(ctx, 1, id),
          messages: reloadGroups(1, id, [body.group, before.group_id]),
        });
      }
      if (body.driverId !== before.driver_id)
        ctx.live.assignDriver(scope.companyId, {
          vehicleId: id,
          groupId: body.group,
          driverId: body.driverId,
          releasedDriverId: before.driver_id,
          ts: now,
        });
      if (JSON.stringify(before.custom_data) !== JSON.stringify(body.customData))
        publish(ctx, scope, 1, id, body.group, {
          type: "vCustomData",
          data: { id, customData: body.customData },
        });
      return oneVehicle(ctx, scope, id);
    });

    mountRoute(app, vehiclesApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{ group_id: number | null; plate: string }>(
        ctx.db,
        scope,
        "vehicles",
        id,
      );
      const mediaKeys = await ctx.db.transaction(async (tx) => {
        // Its media name it by id only: they go with it, files included.
        const keys = await deleteItemMedia(tx, ctx.files, scope.companyId, 1, id);
        // Devices on the vehicle stay with the company, unassigned from the item.
        await tx.query(
          "update devices set item_type = 0, item_id = null where item_type = 1 and item_id = $1",
          [id],
        );
        await tx.query("update drivers set vehicle_id = null where vehicle_id = $1", [id]);
        await tx.query("delete from vehicles where id = $1 and company_id = $2", [id, scope.companyId]);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "vehicle",
            entityId: String(id),
            data: { plate: before.plate },
          },
          tx,
        );
        return keys;
      });
      await ctx.files.deleteBlobs(mediaKeys);
      await ctx.live.forgetItem(1, id);
      ctx.live.itemsChanged(scope.companyId, { messages: reloadGroups(1, id, [before.group_id]) });
      return { id };
    });
  };
}
