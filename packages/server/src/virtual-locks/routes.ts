import { virtualLocksApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AlarmService } from "../alarms/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";
import type { LiveState } from "../live/index.ts";
import { armLock, deleteLock, locksOf } from "./store.ts";

/**
 * Virtual locks: armed at the item's live position with a distance, kept in `virtual_locks` and handed to the
 * alarm engine, which raises the virtualLock family when the item leaves the circle or its ignition turns on.
 */
export function virtualLockRoutes(
  ctx: KernelContext & { live: LiveState; alarms: AlarmService },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, virtualLocksApi.list, async (request) => locksOf(ctx.db, scopeOf(request)));

    mountRoute(app, virtualLocksApi.arm, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId } = request.params;
      await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], itemId);
      await ctx.live.prepareCompany(scope.companyId);
      const pos = ctx.live.state(itemType, itemId)?.pos ?? null;
      if (!pos) throw conflict("virtualLock.noPosition");
      const now = ctx.clock.now();
      const { radiusM, untilTs } = request.body;
      if (untilTs !== null && untilTs <= now) throw conflict("virtualLock.untilPast");
      await armLock(ctx.db, scope, { itemType, itemId, lat: pos.lat, lng: pos.lng, radiusM, now, untilTs });
      ctx.alarms.setVirtualLock(scope.companyId, itemType, itemId, { lat: pos.lat, lng: pos.lng, radiusM });
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "virtualLock",
        entityId: `${itemType}:${itemId}`,
        data: { radiusM, untilTs },
      });
      const [lock] = await locksOf(ctx.db, scope, { itemType, itemId });
      if (!lock) throw notFound();
      return lock;
    });

    mountRoute(app, virtualLocksApi.disarm, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId } = request.params;
      await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], itemId);
      const gone = await deleteLock(ctx.db, scope, itemType, itemId);
      if (!gone) throw notFound();
      ctx.alarms.setVirtualLock(scope.companyId, itemType, itemId, null);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "virtualLock",
        entityId: `${itemType}:${itemId}`,
        data: {},
      });
      return { itemId };
    });
  };
}
