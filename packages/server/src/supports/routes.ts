import { type SupportAdmin, supportsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { countOwnCompanies, load, save } from "./store.ts";

/** /supports: reseller-level users manage their own reseller's support contacts and assignments. */
export function supportRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  const ownCompanies = async (resellerId: number, ids: number[]) => {
    if (ids.length === 0) return;
    if ((await countOwnCompanies(ctx.db, resellerId, ids)) !== new Set(ids).size)
      throw badRequest("support.company", { companyIds: "support.company" });
  };

  return async (app) => {
    mountRoute(app, supportsApi.list, async (request) => load(ctx.db, resellerScopeOf(request).resellerId));

    mountRoute(app, supportsApi.create, async (request) => {
      const scope = resellerScopeOf(request);
      await ownCompanies(scope.resellerId, request.body.companyIds);
      const created = await ctx.db.transaction(async (tx) => {
        const supports = await load(tx, scope.resellerId);
        const contact: SupportAdmin = {
          id: Math.max(0, ...supports.map((s) => s.id)) + 1,
          photoUrl: "",
          ...request.body,
        };
        await save(tx, scope.resellerId, [...supports, contact]);
        return contact;
      });
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "create",
        entity: "support",
        entityId: String(created.id),
        data: { name: created.name },
      });
      return created;
    });

    mountRoute(app, supportsApi.update, async (request) => {
      const scope = resellerScopeOf(request);
      await ownCompanies(scope.resellerId, request.body.companyIds);
      const updated = await ctx.db.transaction(async (tx) => {
        const supports = await load(tx, scope.resellerId);
        const current = supports.find((s) => s.id === request.params.supportId);
        if (!current) throw notFound();
        const next: SupportAdmin = { ...current, ...request.body };
        await save(
          tx,
          scope.resellerId,
          supports.map((s) => (s.id === next.id ? next : s)),
        );
        return next;
      });
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "update",
        entity: "support",
        entityId: String(updated.id),
        data: { name: updated.name, companyIds: updated.companyIds },
      });
      return updated;
    });

    mountRoute(app, supportsApi.remove, async (request) => {
      const scope = resellerScopeOf(request);
      await ctx.db.transaction(async (tx) => {
        const supports = await load(tx, scope.resellerId);
        if (!supports.some((s) => s.id === request.params.supportId)) throw notFound();
        await save(
          tx,
          scope.resellerId,
          supports.filter((s) => s.id !== request.params.supportId),
        );
      });
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "delete",
        entity: "support",
        entityId: String(request.params.supportId),
      });
    });
  };
}
