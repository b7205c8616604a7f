import { API_ERROR, type DeleteBulkResult, type DeviceRow, devicesApi } from "@vigia/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { deleteDeviceMedia } from "../event-media/index.ts";
import type { FileService } from "../files/index.ts";
import type { ItemsContext } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import { conflict, notFound } from "../kernel/errors.ts";
import type { ResellerScope } from "../kernel/tenancy/scope.ts";
import { importDevices } from "./import.ts";
import { endLiveStates, itemsOfDevices, tellCompanies } from "./released-items.ts";
import { saveDevice } from "./routes.ts";
import {
  assignDeviceCompany,
  checkDevice,
  companyInTree,
  deleteDevices,
  deviceIdTaken,
  insertDevice,
  keyedDevices,
  releaseDevice,
  storedId,
  treeDeviceCompanies,
  treeDeviceRows,
} from "./store.ts";

async function treeDevices(ctx: ItemsContext, scope: ResellerScope, extra = "true") {
  const rows = await treeDeviceRows(ctx.db, scope.resellerIds, extra);
  return keyedDevices(rows, !scope.principal.readOnly);
}

async function oneDevice(ctx: ItemsContext, scope: ResellerScope, id: number): Promise<DeviceRow> {
  const row = (await treeDevices(ctx, scope, `d.id = ${Number(id)}`))[id];
  if (!row) throw notFound();
  return row;
}

/**
 * Reseller-level device calls under resellers/id/{rid}: list, create, edit, delete, assign to a company or
 * take it back, take it off its item, CSV import and bulk delete. Registered inside the reseller scope hook.
 */
export function registerResellerDeviceRoutes(
  app: FastifyInstance,
  ctx: ItemsContext & { files: FileService },
  scopeOf: (request: FastifyRequest) => ResellerScope,
): void {
  mountRoute(app, devicesApi.resellerList, async (request) => treeDevices(ctx, scopeOf(request)));

  mountRoute(app, devicesApi.resellerCreate, async (request) => {
    const scope = scopeOf(request);
    const body = request.body;
    await checkDevice(ctx.db, body);
    const now = ctx.clock.now();
    if (await deviceIdTaken(ctx.db, storedId(body)))
      throw conflict(API_ERROR.deviceExists, { deviceId: "exists" });
    const id = await ctx.db.transaction(async (tx) => {
      const newId = await insertDevice(tx, body, scope.resellerId, now);
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          action: "create",
          entity: "device",
          entityId: String(newId),
          data: { deviceId: body.deviceId },
        },
        tx,
      );
      return newId;
    });
    ctx.live.itemsChanged(null, { devices: [storedId(body)] });
    return oneDevice(ctx, scope, id);
  });

  mountRoute(app, devicesApi.resellerUpdate, async (request) => {
    const scope = scopeOf(request);
    const id = request.params.id;
    const before = await oneDevice(ctx, scope, id);
    await checkDevice(ctx.db, request.body);
    if (await deviceIdTaken(ctx.db, storedId(request.body), id))
      throw conflict(API_ERROR.deviceExists, { deviceId: "exists" });
    await saveDevice(ctx, ctx.db, id, before, request.body, before.companyId, scope);
    return oneDevice(ctx, scope, id);
  });

  mountRoute(app, devicesApi.resellerRemove, async (request) => {
    const scope = scopeOf(request);
    const id = request.params.id;
    const before = await oneDevice(ctx, scope, id);
    // Delete is offered only for devices with no company.
    if (before.companyId !== null) throw conflict("device.assigned");
    const mediaKeys = await ctx.db.transaction(async (tx) => {
      // Its media's files go too: the cascade would take only their event_media rows.
      const keys = await deleteDeviceMedia(tx, ctx.files, [id]);
      await deleteDevices(tx, [id]);
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          action: "delete",
          entity: "device",
          entityId: String(id),
          data: { deviceId: before.deviceId },
        },
        tx,
      );
      return keys;
    });
    await ctx.files.deleteBlobs(mediaKeys);
    ctx.live.itemsChanged(null);
    return { id };
  });

  mountRoute(app, devicesApi.assignCompany, async (request) => {
    const scope = scopeOf(request);
    const id = request.params.id;
    const before = await oneDevice(ctx, scope, id);
    const { companyId } = request.body;
    if (companyId !== null) {
      if (!(await companyInTree(ctx.db, companyId, scope.resellerIds))) throw notFound();
    }
    // Leaving the company (or moving to another) takes the device off its item.
    const released = companyId === before.companyId ? [] : await itemsOfDevices(ctx.db, [id]);
    await ctx.db.transaction(async (tx) => {
      // Leaving a company (for the stock or another company) also leaves its item.
      await assignDeviceCompany(tx, id, companyId, ctx.clock.now());
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          companyId: companyId ?? before.companyId,
          action: companyId === null ? "unassign" : "assign",
          entity: "device",
          entityId: String(id),
          data: { companyId },
        },
        tx,
      );
    });
    ctx.live.itemsChanged(null);
    await endLiveStates(ctx.live, released);
    tellCompanies(ctx.live, [before.companyId, companyId]);
    return oneDevice(ctx, scope, id);
  });

  mountRoute(app, devicesApi.unassignItem, async (request) => {
    const scope = scopeOf(request);
    const id = request.params.id;
    const before = await oneDevice(ctx, scope, id);
    const released = await itemsOfDevices(ctx.db, [id]);
    await ctx.db.transaction(async (tx) => {
      await releaseDevice(tx, id, ctx.clock.now());
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          companyId: before.companyId,
          action: "unassign",
          entity: "device",
          entityId: String(id),
          data: { itemId: before.itemId },
        },
        tx,
      );
    });
    ctx.live.itemsChanged(null);
    await endLiveStates(ctx.live, released);
    tellCompanies(ctx.live, [before.companyId]);
    return oneDevice(ctx, scope, id);
  });

  mountRoute(app, devicesApi.import, async (request) => {
    const scope = scopeOf(request);
    return importDevices(ctx, scope, request.body.csv, request.query.commit === "1");
  });

  mountRoute(app, devicesApi.deleteBulk, async (request) => {
    const scope = scopeOf(request);
    const ids = [...new Set(request.body.deviceIds)];
    const found = await treeDeviceCompanies(ctx.db, scope.resellerIds, ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const deleted: number[] = [];
    const notDeleted: DeleteBulkResult["notDeleted"] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) notDeleted.push({ id, error: "not.found" });
      else if (row.company_id !== null) notDeleted.push({ id, error: "device.assigned" });
      else deleted.push(id);
    }
    const mediaKeys = await ctx.db.transaction(async (tx) => {
      const keys = await deleteDeviceMedia(tx, ctx.files, deleted);
      if (deleted.length > 0) await deleteDevices(tx, deleted);
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          action: "delete",
          entity: "device",
          entityId: "bulk",
          data: { ids: deleted },
        },
        tx,
      );
      return keys;
    });
    await ctx.files.deleteBlobs(mediaKeys);
    ctx.live.itemsChanged(null);
    return { deleted, notDeleted };
  });
}
