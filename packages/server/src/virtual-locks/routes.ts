import { type VirtualLock, virtualLocksApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AlarmService } from "../alarms/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveState } from "../live/index.ts";

interface LockRow {
  item_type: 1 | 2 | 3;
  item_id: number;
  lat: number;
  lng: number;
  radius_m: number;
  armed_ts: string | number;
  until_ts: string | number | null;
  armed_by: string | null;
  group_id: number | null;
}

const toLock = (r: LockRow): VirtualLock => ({
  itemType: r.item_type,
  itemId: r.item_id,
  lat: r.lat,
  lng: r.lng,
  radiusM: r.radius_m,
  armedTs: Number(r.armed_ts),
  untilTs: r.until_ts === null ? null : Number(r.until_ts),
  armedBy: r.armed_by ?? "",
});

async function locksOf(db: Queryable, scope: CompanyScope, item?: { itemType: number; itemId: number }) {
  const rows = await db.query<LockRow>(
    `select l.*, u.email as armed_by, coalesce(v.group_id, a.group_id, p.group_id) as group_id
     from virtual_locks l left join users u on u.id = l.armed_by
     left join vehicles v on l.item_type = 1 and v.id = l.item_id
     left join assets a on l.item_type = 2 and a.id = l.item_id
     left join persons p on l.item_type = 3 and p.id = l.item_id
     where l.company_id = $1 and ($2::int is null or (l.item_type = $2 and l.item_id = $3))
     order by l.armed_ts desc`,
    [scope.companyId, item?.itemType ?? null, item?.itemId ?? null],
  );
  return rows
    .filter((r) => scope.groupIds === null || (r.group_id !== null && scope.groupIds.includes(r.group_id)))
    .map(toLock);
}

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
      await ctx.db.query(
        `insert into virtual_locks (company_id, item_type, item_id, lat, lng, radius_m, armed_by, armed_ts, until_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (item_type, item_id) do update set lat = excluded.lat, lng = excluded.lng,
           radius_m = excluded.radius_m, armed_by = excluded.armed_by, armed_ts = excluded.armed_ts,
           until_ts = excluded.until_ts, company_id = excluded.company_id`,
        [scope.companyId, itemType, itemId, pos.lat, pos.lng, radiusM, scope.principal.userId, now, untilTs],
      );
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
      const gone = await ctx.db.query(
        "delete from virtual_locks where company_id = $1 and item_type = $2 and item_id = $3 returning item_id",
        [scope.companyId, itemType, itemId],
      );
      if (gone.length === 0) throw notFound();
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
