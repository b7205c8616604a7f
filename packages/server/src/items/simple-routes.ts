import { assetsApi, personsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteItemMedia } from "../event-media/index.ts";
import type { FileService } from "../files/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import { reloadGroups } from "../live/index.ts";
import type { ItemsContext } from "./guard.ts";
import { assertGroup, found, publish, uniqueField } from "./guard.ts";
import { assertLicence } from "./licences.ts";
import {
  deleteItemRow,
  insertNamedItem,
  itemDeviceIds,
  listAssets,
  listPersons,
  unlinkItemDevices,
  updateNamedItem,
} from "./store.ts";

/**
 * Assets and persons share their shape (name unique per company, a group, custom data); assets add a type.
 * Unique names are enforced by the indexes of 001 and answered as field errors.
 */
function namedItemRoutes(
  ctx: ItemsContext & { files: FileService },
  kind: "assets" | "persons",
): FastifyPluginAsyncZod {
  const itemType = kind === "assets" ? 2 : 3;
  const prefix = kind === "assets" ? "a" : "p";
  const entity = kind === "assets" ? "asset" : "person";
  const api = kind === "assets" ? assetsApi : personsApi;
  const index = kind === "assets" ? "assets_name_key" : "persons_name_key";
  const list = kind === "assets" ? listAssets : listPersons;
  return async (app) => {
    const one = async (scope: ReturnType<typeof scopeOf>, id: number) =>
      found((await list(ctx.db, scope))[id]);

    mountRoute(app, api.list, async (request) => list(ctx.db, scopeOf(request)));

    mountRoute(app, api.one, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      await visibleItem(ctx.db, scope, kind, id);
      return one(scope, id);
    });

    mountRoute(app, api.create, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await assertGroup(ctx.db, scope, body.group);
      const now = ctx.clock.now();
      const id = await ctx.db
        .transaction(async (tx) => {
          // Persons are not licensed: the licence counts vehicles and assets only.
          if (kind === "assets") await assertLicence(tx, scope.companyId, "assets");
          const newId = await insertNamedItem(tx, scope, kind, body, now);
          await recordAudit(
            ctx,
            scope.principal,
            {
              companyId: scope.companyId,
              action: "create",
              entity,
              entityId: String(newId),
              data: { name: body.name },
            },
            tx,
          );
          return newId;
        })
        .catch((e: unknown) => uniqueField(e, index, "name", "name.duplicate"));
      publish(ctx, scope, itemType, id, body.group, { type: "addGroup", data: { id: body.group } });
      return one(scope, id);
    });

    mountRoute(app, api.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{ group_id: number | null; custom_data: unknown }>(
        ctx.db,
        scope,
        kind,
        id,
      );
      const body = request.body;
      await assertGroup(ctx.db, scope, body.group);
      await ctx.db
        .transaction(async (tx) => {
          await updateNamedItem(tx, scope, kind, id, body, ctx.clock.now());
          await recordAudit(
            ctx,
            scope.principal,
            {
              companyId: scope.companyId,
              action: "update",
              entity,
              entityId: String(id),
              data: { name: body.name },
            },
            tx,
          );
        })
        .catch((e: unknown) => uniqueField(e, index, "name", "name.duplicate"));
      if (before.group_id !== body.group) {
        const devices = await itemDeviceIds(ctx.db, itemType, id);
        ctx.live.itemsChanged(scope.companyId, {
          devices,
          messages: reloadGroups(itemType, id, [body.group, before.group_id]),
        });
      }
      if (JSON.stringify(before.custom_data) !== JSON.stringify(body.customData))
        publish(ctx, scope, itemType, id, body.group, {
          type: `${prefix}CustomData` as "aCustomData",
          data: { id, customData: body.customData },
        });
      return one(scope, id);
    });

    mountRoute(app, api.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{ group_id: number | null; name: string }>(ctx.db, scope, kind, id);
      const mediaKeys = await ctx.db.transaction(async (tx) => {
        // Its media name it by id only: they go with it, files included.
        const keys = await deleteItemMedia(tx, ctx.files, scope.companyId, itemType, id);
        await unlinkItemDevices(tx, itemType, id);
        await deleteItemRow(tx, scope, kind, id);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity,
            entityId: String(id),
            data: { name: before.name },
          },
          tx,
        );
        return keys;
      });
      await ctx.files.deleteBlobs(mediaKeys);
      await ctx.live.forgetItem(itemType, id);
      ctx.live.itemsChanged(scope.companyId, { messages: reloadGroups(itemType, id, [before.group_id]) });
      return { id };
    });
  };
}

export const assetRoutes = (ctx: ItemsContext & { files: FileService }) => namedItemRoutes(ctx, "assets");
export const personRoutes = (ctx: ItemsContext & { files: FileService }) => namedItemRoutes(ctx, "persons");
