import {
  SHARE_VALIDITY_MS,
  type SharedItem,
  type SharedItemRef,
  type SharedRoute,
  shareRoutesApi,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TimeZoneCache } from "../derived/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { reachability } from "../kernel/tenancy/references.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveState } from "../live/index.ts";
import type { SharedRouteChannel } from "./live-channel.ts";
import {
  activeLinks,
  companyMapProvider,
  insertLink,
  itemRows,
  linkById,
  linkByToken,
  newShareToken,
  revokeLink,
  routeFixes,
} from "./store.ts";

const TABLE = { 1: "vehicles", 2: "assets", 3: "persons" } as const;
/** Route points sent per item at most (evenly thinned, the last one always kept). */
const MAX_ROUTE_POINTS = 2_000;

/** Every item must be the company's and within the caller's groups (a sub-admin shares only what they see). */
async function checkItems(db: Queryable, scope: CompanyScope, items: SharedItemRef[]): Promise<void> {
  for (const [index, ref] of items.entries()) {
    const row = await itemRows(db, scope.companyId, ref);
    const visible =
      row !== undefined &&
      (scope.groupIds === null || (row.group_id !== null && scope.groupIds.includes(row.group_id)));
    if (!visible) throw badRequest("validation.failed", { [`items.${index}`]: "invalidItem" });
  }
}

const itemReference = (ref: SharedItemRef) => ({ kind: TABLE[ref.itemType], ids: [ref.itemId] });

function thin<T>(rows: T[], max: number): T[] {
  if (rows.length <= max) return rows;
  const step = rows.length / max;
  const out: T[] = [];
  for (let i = 0; i < max - 1; i++) out.push(rows[Math.floor(i * step)] as T);
  out.push(rows[rows.length - 1] as T);
  return out;
}

async function routeSince(
  db: Queryable,
  companyId: number,
  ref: SharedItemRef,
  from: number,
  to: number,
): Promise<[number, number][]> {
  const rows = await routeFixes(db, companyId, ref, from, to);
  return thin(rows, MAX_ROUTE_POINTS).map((r) => [r.lng, r.lat]);
}

/**
 * Shared-route links: the company routes issue, list and revoke them; the public route answers the holder of
 * a token with exactly the link's items (name, live position, route since the link was made) and nothing else
 * of the company. Unknown tokens are 404, expired or revoked ones 410, so the page can say which.
 */
export function sharingRoutes(
  ctx: KernelContext & { live: LiveState; sharedChannel: SharedRouteChannel },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, shareRoutesApi.list, async (request) => {
      const scope = scopeOf(request);
      const links = await activeLinks(ctx.db, scope.companyId, ctx.clock.now());
      // A group-scoped user lists only the links whose items are all inside their groups, as they revoke.
      const refs = links.flatMap((link) => link.items.map(itemReference));
      const reachable = await reachability(ctx.db, scope, refs);
      return links
        .filter((link) => link.items.every((ref) => reachable(TABLE[ref.itemType], ref.itemId)))
        .map(({ companyId: _c, revokedTs: _r, ...link }) => link);
    });

    mountRoute(app, shareRoutesApi.create, async (request) => {
      const scope = scopeOf(request);
      const { items, validity } = request.body;
      const unique = [...new Map(items.map((i) => [`${i.itemType}:${i.itemId}`, i])).values()];
      await checkItems(ctx.db, scope, unique);
      const now = ctx.clock.now();
      const token = newShareToken();
      const expiresTs = now + SHARE_VALIDITY_MS[validity];
      const id = await ctx.db.transaction(async (tx) => {
        const newId = await insertLink(tx, {
          companyId: scope.companyId,
          token,
          items: unique,
          userId: scope.principal.userId,
          now,
          expiresTs,
        });
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "sharedRoute",
            entityId: String(newId),
            data: { items: unique.length, validity },
          },
          tx,
        );
        return newId;
      });
      const link = await linkById(ctx.db, scope.companyId, id);
      if (!link) throw notFound();
      const { companyId: _c, revokedTs: _r, ...shown } = link;
      return { ...shown, token };
    });

    mountRoute(app, shareRoutesApi.revoke, async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const link = await linkById(ctx.db, scope.companyId, id);
      if (!link) throw notFound();
      // A sub-admin revokes only links whose items are all within their groups.
      await checkItems(ctx.db, scope, link.items).catch(() => {
        throw notFound();
      });
      if (!(await revokeLink(ctx.db, scope.companyId, id, ctx.clock.now()))) throw notFound();
      // Open pages of the link lose their live channel now (other nodes notice on their next recheck).
      ctx.sharedChannel.revoked(id);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "sharedRoute",
        entityId: String(id),
        data: {},
      });
      return { id };
    });
  };
}

/** The public side (outside the signed-in tree): GET /fr/v1/shareroute/:token. */
export function sharedRouteViewRoutes(
  ctx: KernelContext & { live: LiveState; timeZones: TimeZoneCache },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, shareRoutesApi.view, async (request, reply) => {
      void reply.header("cache-control", "no-store");
      const now = ctx.clock.now();
      const link = await linkByToken(ctx.db, request.params.token);
      if (!link) throw new ApiError(404, "shareroute.unknown");
      if (link.revokedTs !== null) throw new ApiError(410, "shareroute.revoked");
      if (now >= link.expiresTs) throw new ApiError(410, "shareroute.expired");
      await ctx.live.prepareCompany(link.companyId);
      const items: SharedItem[] = [];
      for (const ref of link.items) {
        const row = await itemRows(ctx.db, link.companyId, ref);
        // An item deleted or moved to another company since: it drops out of the shared map.
        if (!row || ctx.live.companyOf(ref.itemType, ref.itemId) !== link.companyId) continue;
        const pos = ctx.live.state(ref.itemType, ref.itemId)?.pos ?? null;
        items.push({
          ...ref,
          name: row.name,
          pos: pos && { ts: pos.ts, lat: pos.lat, lng: pos.lng, spd: pos.spd, course: pos.course },
          route: await routeSince(ctx.db, link.companyId, ref, link.createdTs, now),
        });
      }
      const provider = await companyMapProvider(ctx.db, link.companyId);
      const answer: SharedRoute = {
        createdTs: link.createdTs,
        expiresTs: link.expiresTs,
        items,
        mapProvider: provider,
        timezone: await ctx.timeZones.get(link.companyId),
      };
      return answer;
    });
  };
}
