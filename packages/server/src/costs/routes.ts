import { COST_ERROR, costsApi, costTotals, costWriteSchema, sumCosts } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { importCosts } from "./import.ts";
import { checkCostItems, deleteCosts, insertCosts, listCosts, oneCost, updateCost } from "./store.ts";

/**
 * /costs: every user of the company reads the costs of its groups; writing is open to operators even when
 * read-only (the contracts' access: `costs`), always inside the caller's groups.
 */
export function costRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, costsApi.list, async (request) => listCosts(ctx.db, scopeOf(request), request.query));

    mountRoute(app, costsApi.create, async (request) => {
      const scope = scopeOf(request);
      const values = costWriteSchema.parse(request.body);
      await checkCostItems(ctx.db, scope, values);
      const id = await ctx.db.transaction(async (tx) => {
        const [created] = await insertCosts(tx, scope.companyId, [values], ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "cost",
            entityId: String(created),
            data: values,
          },
          tx,
        );
        return created!;
      });
      const cost = await oneCost(ctx.db, scope, id);
      if (!cost) throw notFound();
      return cost;
    });

    mountRoute(app, costsApi.update, async (request) => {
      const scope = scopeOf(request);
      if (!(await oneCost(ctx.db, scope, request.params.id))) throw notFound();
      const values = costWriteSchema.parse(request.body);
      await checkCostItems(ctx.db, scope, values);
      await ctx.db.transaction(async (tx) => {
        await updateCost(tx, scope.companyId, request.params.id, values, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "cost",
            entityId: String(request.params.id),
            data: values,
          },
          tx,
        );
      });
      const cost = await oneCost(ctx.db, scope, request.params.id);
      if (!cost) throw notFound();
      return cost;
    });

    mountRoute(app, costsApi.remove, async (request) => {
      const scope = scopeOf(request);
      if (!(await oneCost(ctx.db, scope, request.params.id))) throw notFound();
      await ctx.db.transaction(async (tx) => {
        await deleteCosts(tx, scope, [request.params.id]);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "cost",
            entityId: String(request.params.id),
          },
          tx,
        );
      });
      return { id: request.params.id };
    });

    mountRoute(app, costsApi.deleteBulk, async (request) => {
      const scope = scopeOf(request);
      const ids = [...new Set(request.body.ids)];
      // The user typed how many costs go: a stale or tampered selection deletes nothing.
      if (request.body.count !== ids.length) throw badRequest(COST_ERROR.deleteCount);
      const visible = new Set((await listCosts(ctx.db, scope, {}, ids)).map((c) => c.id));
      const deletable = ids.filter((id) => visible.has(id));
      await ctx.db.transaction(async (tx) => {
        await deleteCosts(tx, scope, deletable);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "cost",
            entityId: "",
            data: { ids: deletable },
          },
          tx,
        );
      });
      return {
        deleted: deletable,
        notDeleted: ids.filter((id) => !visible.has(id)).map((id) => ({ id, error: "not.found" })),
      };
    });

    mountRoute(app, costsApi.import, async (request) =>
      importCosts(ctx, scopeOf(request), request.body.csv, request.query.commit === "1"),
    );

    mountRoute(app, costsApi.totals, async (request) => {
      const { by, ...filter } = request.query;
      return costTotals(await listCosts(ctx.db, scopeOf(request), filter), by);
    });

    mountRoute(app, costsApi.sum, async (request) => {
      const costs = await listCosts(ctx.db, scopeOf(request), request.query);
      const sum = sumCosts(costs);
      if (!sum.ok) throw conflict("costs.currencies");
      return { currency: sum.currency, amount: sum.amount, count: costs.length };
    });
  };
}
