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
import { listAssets, listPersons } from "./read-models.ts";

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
          const rows = await tx.query<{ id: number }>(
            kind === "assets"
              ? `insert into assets (company_id, group_id, name, custom_data, created_ts, updated_ts, type)
                 values ($1, $2, $3, $4, $5, $5, $6) returning id`
              : `insert into persons (company_id, group_id, name, custom_data, created_ts, updated_ts)
                 values ($1, $2, $3, $4, $5, $5) returning id`,
            [
              scope.companyId,
              body.group,
              body.name,
              body.customData,
              now,
              ...("type" in body ? [body.type] : []),
            ],
          );
          const newId = (rows[0] as { id: number }).id;
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
          await tx.query(
            kind === "assets"
              ? "update assets set name = $1, group_id = $2, custom_data = $3, updated_ts = $4, type = $7 where id = $5 and company_id = $6"
              : "update persons set name = $1, group_id = $2, custom_data = $3, updated_ts = $4 where id = $5 and company_id = $6",
            [
              body.name,
              body.group,
              body.customData,
              ctx.clock.now(),
              id,
              scope.companyId,
              ...("type" in body ? [body.type] : []),
            ],
          );
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
        const devices = await ctx.db.query<{ device_id: string }>(
          "select device_id from devices where item_type = $1 and item_id = $2",
          [itemType, id],
        );
        ctx.live.itemsChanged(scope.companyId, {
          devices: devices.map((d) => d.device_id),
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
        await tx.query(
          "update devices set item_type = 0, item_id = null where item_type = $1 and item_id = $2",
          [itemType, id],
        );
        await tx.query(`delete from ${kind} where id = $1 and company_id = $2`, [id, scope.companyId]);
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
