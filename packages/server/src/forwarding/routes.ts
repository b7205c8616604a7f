import { type ForwardTarget, forwardingApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { Forwarder } from "./forwarder.ts";
import { deleteTarget, insertTarget, listTargets, requeueDead, targetById, updateTarget } from "./store.ts";

/** A company's forwarding targets and their delivery status (administrators); secrets are never answered. */
export function forwardingRoutes(ctx: KernelContext & { forwarder: Forwarder }): FastifyPluginAsyncZod {
  const one = async (companyId: number, id: number): Promise<ForwardTarget> => {
    const target = await targetById(ctx.db, companyId, id);
    if (!target) throw notFound();
    return target;
  };

  return async (app) => {
    mountRoute(app, forwardingApi.list, async (request) => {
      const scope = scopeOf(request);
      return listTargets(ctx.db, scope.companyId);
    });

    mountRoute(app, forwardingApi.create, async (request) => {
      const scope = scopeOf(request);
      const b = request.body;
      const id = await insertTarget(ctx.db, scope.companyId, b, ctx.clock.now());
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "forwarding",
        entityId: String(id),
        data: { name: b.name, kind: b.kind, url: b.url },
      });
      return one(scope.companyId, id);
    });

    mountRoute(app, forwardingApi.update, async (request) => {
      const scope = scopeOf(request);
      const b = request.body;
      if (!(await updateTarget(ctx.db, scope.companyId, request.params.targetId, b))) throw notFound();
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "forwarding",
        entityId: String(request.params.targetId),
        data: { name: b.name, kind: b.kind, url: b.url, active: b.active },
      });
      void ctx.forwarder.drain();
      return one(scope.companyId, request.params.targetId);
    });

    mountRoute(app, forwardingApi.remove, async (request) => {
      const scope = scopeOf(request);
      if (!(await deleteTarget(ctx.db, scope.companyId, request.params.targetId))) throw notFound();
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "forwarding",
        entityId: String(request.params.targetId),
      });
    });

    mountRoute(app, forwardingApi.retryDead, async (request) => {
      const scope = scopeOf(request);
      await one(scope.companyId, request.params.targetId);
      const targetId = request.params.targetId;
      await ctx.db.transaction((tx) => requeueDead(tx, targetId));
      void ctx.forwarder.drain();
      return one(scope.companyId, request.params.targetId);
    });
  };
}
