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
  checkDevice,
  DEVICE_SELECT,
  keyAfterWrite,
  keyedDevices,
  readKeyPolicy,
  settleConfigStates,
  simWithTimestamps,
  storedId,
  writeKeyPolicy,
} from "./store.ts";

/** Devices of the company; group-scoped users see those on items of their groups. */
export async function companyDevices(
  db: Queryable,
  scope: CompanyScope,
  extra = "true",
): Promise<Record<string, DeviceRow>> {
  await settleConfigStates(db, "d.company_id = $1", [scope.companyId]);
  const group =
    scope.groupIds === null ? "" : "and coalesce(v.group_id, a.group_id, p.group_id) = any($2::int[])";
  const rows = await db.query<DeviceRow>(
    `${DEVICE_SELECT} where d.company_id = $1 ${group} and ${extra} order by d.id`,
    scope.groupIds === null ? [scope.companyId] : [scope.companyId, scope.groupIds],
  );
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
      const rows = await ctx.db.query<DeviceRow>(
        `${DEVICE_SELECT} where d.company_id = $1 and d.item_id is null order by d.id`,
        [scope.companyId],
      );
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
      const before = await ctx.db.query<{ device_id: string; item_type: number; item_id: number | null }>(
        "select device_id, item_type, item_id from devices where id = $1 and company_id = $2",
        [id, scope.companyId],
      );
      const device = before[0];
      if (!device) throw notFound();
      // Taking a device off an item needs that item to be visible too.
      if (device.item_id !== null && device.item_type in ITEM_TABLE)
        await visibleItem(ctx.db, scope, ITEM_TABLE[device.item_type as 1 | 2 | 3], device.item_id);
      const { itemType, itemId } = request.body;
      // A device already on another item is not taken from it silently: the form that offered it was stale
      // (someone moved it meanwhile), and the user must learn that the save did not do what they chose.
      if (
        itemType !== null &&
        itemId !== null &&
        device.item_id !== null &&
        (device.item_type !== itemType || device.item_id !== itemId)
      )
        throw conflict("device.notAvailable", { deviceId: "device.notAvailable" });
      let groupId: number | null = null;
      if (itemType !== null && itemId !== null)
        groupId = (
          await visibleItem<{ group_id: number | null }>(ctx.db, scope, ITEM_TABLE[itemType], itemId)
        ).group_id;
      // The items that lose a device: the one this device leaves and the target's previous device's.
      const target = itemType !== null && itemId !== null ? { itemType, itemId } : undefined;
      const others = target
        ? await ctx.db.query<{ id: number }>(
            "select id from devices where item_type = $1 and item_id = $2 and id <> $3",
            [target.itemType, target.itemId, id],
          )
        : [];
      const released = [
        ...(await itemsOfDevices(ctx.db, [id], target)),
        ...(await itemsOfDevices(
          ctx.db,
          others.map((o) => o.id),
        )),
      ];
      await ctx.db.transaction(async (tx) => {
        // One device per item: the item's previous device is released.
        if (itemType !== null && itemId !== null)
          await tx.query(
            "update devices set item_type = 0, item_id = null where item_type = $1 and item_id = $2 and id <> $3",
            [itemType, itemId, id],
          );
        await tx.query("update devices set item_type = $2, item_id = $3, updated_ts = $4 where id = $1", [
          id,
          itemType ?? 0,
          itemType === null ? null : itemId,
          ctx.clock.now(),
        ]);
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
  const previous = await db.query<{
    config: unknown;
    config_active: boolean;
    sim: Record<string, unknown>;
    device_id: string;
    device_key: string | null;
  }>("select config, config_active, sim, device_id, device_key from devices where id = $1", [id]);
  const old = previous[0];
  const key = keyAfterWrite(body, old?.device_key ?? null);
  const configChanged = body.configActive && (!old?.config_active || !sameSettings(old.config, body.config));
  // The device's last answer (config-commands.ts) stays with the row until a new configuration is sent.
  const config = configChanged ? body.config : { ...body.config, ...lastResultOf(old?.config) };
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update devices set device_id = $2, type_id = $3, name = $4, description = $5, sim = $6, country_id = $7,
         config_active = $8, config = $9, updated_ts = $10,
         config_state = case when $11::boolean then 'awaiting' else config_state end,
         config_requested_ts = case when $11::boolean then $10 else config_requested_ts end,
         device_key = $12
       where id = $1`,
      [
        id,
        storedId(body),
        body.typeId,
        body.name,
        body.description,
        simWithTimestamps(old?.sim ?? null, body.sim, now),
        body.countryId,
        body.configActive,
        config,
        now,
        configChanged,
        key,
      ],
    );
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
