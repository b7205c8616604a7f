import {
  type DeviceRow,
  devicesApi,
  type deviceWriteSchema,
  isResellerOrHigher,
  isSubadminOrHigher,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ItemsContext } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { reloadGroups } from "../live/index.ts";
import { endLiveStates, itemsOfDevices, tellCompanies } from "./released-items.ts";
import {
  assignDeviceItem,
  checkDevice,
  companyDeviceRows,
  deviceItem,
  keyAfterWrite,
  keyedDevices,
  otherDevicesOnItem,
  readKeyPolicy,
  simWithTimestamps,
  storedSettings,
  unassignedDevices,
  updateDeviceRow,
  writeKeyPolicy,
} from "./store.ts";

/** Devices of the company; group-scoped users see those on items of their groups. */
export async function companyDevices(
  db: Queryable,
  scope: CompanyScope,
  extra = "true",
): Promise<Record<string, DeviceRow>> {
  const rows = await companyDeviceRows(db, scope, extra);
  return keyedDevices(rows, mayEditDevices(scope));
}

/** Who may change a company's devices (subadministrator and up, not read-only), and so see their keys. */
function mayEditDevices(scope: CompanyScope): boolean {
  return !scope.principal.readOnly && isSubadminOrHigher(scope.principal.role);
}

async function oneDevice(db: Queryable, scope: CompanyScope, id: number): Promise<DeviceRow> {
  const row = (await companyDevices(db, scope, `d.id = ${Number(id)}`))[id];
  if (!row) throw notFound();
  return row;
}

/**
 * Company-level device calls: the company's trackers, trackers/available (devices without an item, for the item forms), editing a
 * device's description, SIM and configuration, and assigning it to an item of the company.
 */
export function companyDeviceRoutes(ctx: ItemsContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, devicesApi.companyTrackers, async (request) => companyDevices(ctx.db, scopeOf(request)));

    mountRoute(app, devicesApi.keyPolicy, async (request) => {
      const scope = scopeOf(request);
      return { required: await readKeyPolicy(ctx.db, scope.companyId) };
    });
    mountRoute(app, devicesApi.setKeyPolicy, async (request) => {
      const scope = scopeOf(request);
      await writeKeyPolicy(ctx.db, scope.companyId, request.body.required);
      // The ingest's cached bindings carry the rule: they are read again.
      ctx.live.itemsChanged(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "deviceKeyPolicy",
        data: { required: request.body.required },
      });
      return { required: request.body.required };
    });
    mountRoute(app, devicesApi.available, async (request) => {
      const scope = scopeOf(request);
      // Unassigned devices have no group; show them to whoever may assign (subadmin and up).
      const rows = await unassignedDevices(ctx.db, scope.companyId);
      return keyedDevices(rows, mayEditDevices(scope));
    });

    mountRoute(app, devicesApi.get, async (request) =>
      oneDevice(ctx.db, scopeOf(request), request.params.id),
    );

    mountRoute(app, devicesApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await oneDevice(ctx.db, scope, id);
      const body = request.body;
      // The identifier and type belong to the reseller's stock; a company user keeps them as they are.
      const reseller = isResellerOrHigher(scope.principal.role);
      const effective = reseller ? body : { ...body, deviceId: before.deviceId, typeId: before.typeId };
      await checkDevice(ctx.db, effective);
      await saveDevice(ctx, ctx.db, id, before, effective, scope.companyId, scope);
      return oneDevice(ctx.db, scope, id);
    });

    mountRoute(app, devicesApi.assignItem, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const device = await deviceItem(ctx.db, scope.companyId, id);
      if (!device) throw notFound();
      // Taking a device off an item needs that item to be visible too.
      if (device.itemId !== null && device.itemType in ITEM_TABLE)
        await visibleItem(ctx.db, scope, ITEM_TABLE[device.itemType as 1 | 2 | 3], device.itemId);
      const { itemType, itemId } = request.body;
      // A device already on another item is not taken from it silently: the form that offered it was stale
      // (someone moved it meanwhile), and the user must learn that the save did not do what they chose.
      if (
        itemType !== null &&
        itemId !== null &&
        device.itemId !== null &&
        (device.itemType !== itemType || device.itemId !== itemId)
      )
        throw conflict("device.notAvailable", { deviceId: "device.notAvailable" });
      let groupId: number | null = null;
      if (itemType !== null && itemId !== null)
        groupId = (
          await visibleItem<{ group_id: number | null }>(ctx.db, scope, ITEM_TABLE[itemType], itemId)
        ).group_id;
      // The items that lose a device: the one this device leaves and the target's previous device's.
      const target = itemType !== null && itemId !== null ? { itemType, itemId } : undefined;
      const others = target ? await otherDevicesOnItem(ctx.db, target.itemType, target.itemId, id) : [];
      const released = [
        ...(await itemsOfDevices(ctx.db, [id], target)),
        ...(await itemsOfDevices(ctx.db, others)),
      ];
      await ctx.db.transaction(async (tx) => {
        await assignDeviceItem(tx, id, itemType, itemId, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: itemId === null ? "unassign" : "assign",
            entity: "device",
            entityId: String(id),
            data: { itemType, itemId },
          },
          tx,
        );
      });
      // Every binding may have moved (the released device too): drop them all.
      ctx.live.itemsChanged(scope.companyId, {
        messages: reloadGroups(itemType ?? 0, itemId ?? 0, [groupId]),
      });
      await endLiveStates(ctx.live, released);
      tellCompanies(ctx.live, [scope.companyId]);
      return oneDevice(ctx.db, scope, id);
    });
  };
}

/**
 * Field-by-field: the stored jsonb has its own key order and carries the device's last answer
 * (lastResult, lastResultTs), neither of which is a change of configuration.
 */
function sameSettings(stored: unknown, next: Record<string, unknown>): boolean {
  const before = (stored ?? {}) as Record<string, unknown>;
  return Object.keys(next).every((key) => String(before[key] ?? "") === String(next[key] ?? ""));
}

function lastResultOf(stored: unknown): Record<string, unknown> {
  const before = (stored ?? {}) as Record<string, unknown>;
  return "lastResult" in before ? { lastResult: before.lastResult, lastResultTs: before.lastResultTs } : {};
}

/** Shared update of a device row (company and reseller paths); the config goes 'awaiting' when it changes. */
export async function saveDevice(
  ctx: ItemsContext,
  db: Queryable,
  id: number,
  before: DeviceRow,
  body: z.output<typeof deviceWriteSchema>,
  companyId: number | null,
  scope: { principal: CompanyScope["principal"] },
): Promise<void> {
  const now = ctx.clock.now();
  const old = await storedSettings(db, id);
  const key = keyAfterWrite(body, old?.device_key ?? null);
  const configChanged = body.configActive && (!old?.config_active || !sameSettings(old.config, body.config));
  // The device's last answer (config-commands.ts) stays with the row until a new configuration is sent.
  const config = configChanged ? body.config : { ...body.config, ...lastResultOf(old?.config) };
  await ctx.db.transaction(async (tx) => {
    await updateDeviceRow(tx, id, {
      body,
      sim: simWithTimestamps(old?.sim ?? null, body.sim, now),
      config,
      configChanged,
      key,
      now,
    });
    await recordAudit(
      ctx,
      scope.principal,
      {
        companyId,
        resellerId: before.resellerId,
        action: "update",
        entity: "device",
        entityId: String(id),
        data: {
          deviceId: body.deviceId,
          configChanged,
          keyChanged: keyAfterWrite(body, old?.device_key ?? null) !== (old?.device_key ?? null),
        },
      },
      tx,
    );
  });
  if (old) ctx.live.itemsChanged(companyId, { devices: [old.device_id] });
}
