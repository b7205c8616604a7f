import { vehiclesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteItemMedia } from "../event-media/index.ts";
import type { FileService } from "../files/index.ts";
import type { ItemsContext } from "../items/index.ts";
import { assertGroup, assertLicence, found, listVehicles, publish, uniqueField } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { reloadGroups } from "../live/index.ts";
import {
  deleteVehicle,
  driverExists,
  insertVehicle,
  itemDeviceIds,
  setVehicleDriver,
  updateVehicle,
} from "./store.ts";

/**
 * One driver per vehicle: assigning takes the driver off any other vehicle, as the ingest does
 * when an iButton is read, and keeps drivers.vehicle_id in step.
 */
async function assignDriver(
  tx: Queryable,
  scope: CompanyScope,
  vehicleId: number,
  driverId: number | null,
  ts: number,
): Promise<void> {
  if (driverId !== null && !(await driverExists(tx, scope, driverId)))
    throw badRequest("validation.failed", { driverId: "invalidDriver" });
  await setVehicleDriver(tx, vehicleId, driverId, ts);
}

async function oneVehicle(ctx: ItemsContext, scope: CompanyScope, id: number) {
  return found((await listVehicles(ctx.db, scope))[id]);
}

/** Vehicles under companies/id/{cid}/vehicles — every field */
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
          await assertLicence(tx, scope.companyId, "vehicles");
          const vid = await insertVehicle(tx, scope, body, now);
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
          await updateVehicle(tx, scope, id, body, now);
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
          devices: await itemDeviceIds(ctx.db, 1, id),
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
        await deleteVehicle(tx, scope, id);
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
