import { type PeriodicSelection, periodicApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { checkReferences, type Reference } from "../kernel/tenancy/references.ts";
import {
  deleteSchedule,
  getSchedule,
  insertSchedule,
  listRuns,
  listSchedules,
  toRow,
  updateSchedule,
} from "./store.ts";

/** Every id a schedule's selection names: the report would otherwise read whatever they point to. */
const selectionReferences = (selection: PeriodicSelection): Reference[] => [
  { field: "selection.groupIds", kind: "groups", ids: selection.groupIds },
  { field: "selection.vehicleIds", kind: "vehicles", ids: selection.vehicleIds },
  { field: "selection.assetIds", kind: "assets", ids: selection.assetIds },
  { field: "selection.personIds", kind: "persons", ids: selection.personIds },
  { field: "selection.driverIds", kind: "drivers", ids: selection.driverIds },
];

/** /periodic: administrators only, reading as well as writing. */
export function periodicRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, periodicApi.list, async (request) => {
      const scope = scopeOf(request);
      return (await listSchedules(ctx.db, scope.companyId)).map(toRow);
    });

    mountRoute(app, periodicApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkReferences(ctx.db, scope, selectionReferences(request.body.selection));
      const id = await ctx.db.transaction(async (tx) => {
        const newId = await insertSchedule(
          tx,
          scope.companyId,
          scope.principal.userId,
          request.body,
          ctx.clock.now(),
        );
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "periodic",
            entityId: String(newId),
            data: { name: request.body.name },
          },
          tx,
        );
        return newId;
      });
      const row = await getSchedule(ctx.db, scope.companyId, id);
      if (!row) throw notFound();
      return toRow(row);
    });

    mountRoute(app, periodicApi.update, async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const stored = await getSchedule(ctx.db, scope.companyId, id);
      if (!stored) throw notFound();
      await checkReferences(
        ctx.db,
        scope,
        selectionReferences(request.body.selection),
        selectionReferences(stored.selection),
      );
      await ctx.db.transaction(async (tx) => {
        await updateSchedule(tx, scope.companyId, id, request.body, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "periodic",
            entityId: String(id),
            data: { name: request.body.name },
          },
          tx,
        );
      });
      const row = await getSchedule(ctx.db, scope.companyId, id);
      if (!row) throw notFound();
      return toRow(row);
    });

    mountRoute(app, periodicApi.remove, async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const deleted = await ctx.db.transaction(async (tx) => {
        const gone = await deleteSchedule(tx, scope.companyId, id);
        if (gone)
          await recordAudit(
            ctx,
            scope.principal,
            { companyId: scope.companyId, action: "delete", entity: "periodic", entityId: String(id) },
            tx,
          );
        return gone;
      });
      if (!deleted) throw notFound();
      return { id };
    });

    mountRoute(app, periodicApi.runs, async (request) => {
      const scope = scopeOf(request);
      if (!(await getSchedule(ctx.db, scope.companyId, request.params.id))) throw notFound();
      return listRuns(ctx.db, scope.companyId, request.params.id);
    });
  };
}
