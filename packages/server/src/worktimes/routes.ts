import {
  CUSTOM_STATE_NONE,
  customDataApi,
  customDatasSchema,
  customStatesApi,
  worktimesApi,
  type worktimeWriteSchema,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { found } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TYPE_OF, visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveState } from "../live/index.ts";
import {
  countVisibleItems,
  deleteWorktime,
  insertWorktime,
  listWorktimes,
  setCompanyConfEntry,
  storedCustomDatas,
  updateWorktime,
} from "./store.ts";

/** Items referenced by a timetable must be company items the caller can see. */
async function checkItems(
  ctx: KernelContext,
  scope: CompanyScope,
  body: z.output<typeof worktimeWriteSchema>,
) {
  for (const table of ["vehicles", "assets", "persons"] as const) {
    const ids = body[table];
    if (ids.length === 0) continue;
    if ((await countVisibleItems(ctx.db, scope, table, ids)) !== new Set(ids).size)
      throw badRequest("validation.failed", { [table]: "invalidItem" });
  }
}

/** Work timetables (/trackRules), custom states and custom data definitions, and an item's custom state. */
export function worktimeRoutes(ctx: KernelContext & { live: LiveState }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, worktimesApi.list, async (request) => listWorktimes(ctx.db, scopeOf(request)));

    mountRoute(app, worktimesApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkItems(ctx, scope, request.body);
      const b = request.body;
      const id = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const newId = await insertWorktime(tx, scope, b, now);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "worktime",
            entityId: String(newId),
            data: { name: b.name },
          },
          tx,
        );
        return newId;
      });
      return found((await listWorktimes(ctx.db, scope))[id]);
    });

    mountRoute(app, worktimesApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      if (!(await listWorktimes(ctx.db, scope))[id]) throw notFound();
      await checkItems(ctx, scope, request.body);
      const b = request.body;
      await ctx.db.transaction(async (tx) => {
        await updateWorktime(tx, scope, id, b, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "worktime",
            entityId: String(id),
            data: { name: b.name },
          },
          tx,
        );
      });
      return found((await listWorktimes(ctx.db, scope))[id]);
    });

    mountRoute(app, worktimesApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      if (!(await listWorktimes(ctx.db, scope))[id]) throw notFound();
      await ctx.db.transaction(async (tx) => {
        await deleteWorktime(tx, scope, id);
        await recordAudit(
          ctx,
          scope.principal,
          { companyId: scope.companyId, action: "delete", entity: "worktime", entityId: String(id) },
          tx,
        );
      });
      return { id };
    });

    // Custom states per item kind, kept in the company configuration (GET states already serves them).
    mountRoute(app, customStatesApi.save, async (request) => {
      const scope = scopeOf(request);
      const { kind, states } = request.body;
      await ctx.db.transaction(async (tx) => {
        await setCompanyConfEntry(
          tx,
          scope,
          "customStates",
          kind,
          Object.fromEntries(states.map((s) => [s.id, s])),
          ctx.clock.now(),
        );
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "customStates",
            entityId: kind,
            data: { states },
          },
          tx,
        );
      });
      return { kind, states: Object.fromEntries([CUSTOM_STATE_NONE, ...states].map((s) => [s.id, s])) };
    });

    mountRoute(app, customDataApi.list, async (request) => {
      // Written only by the PUT below, through the same schema.
      return customDatasSchema.parse((await storedCustomDatas(ctx.db, scopeOf(request))) ?? {});
    });

    mountRoute(app, customDataApi.save, async (request) => {
      const scope = scopeOf(request);
      const { kind, fields } = request.body;
      await ctx.db.transaction(async (tx) => {
        await setCompanyConfEntry(tx, scope, "customDatas", kind, fields, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "customDatas",
            entityId: kind,
            data: { fields },
          },
          tx,
        );
      });
      return { kind, fields };
    });

    // Setting one item's custom state (also what an alarm action does); broadcast as v/a/pCustomState.
    mountRoute(app, customStatesApi.setItemState, async (request) => {
      const scope = scopeOf(request);
      const { kind, id } = request.params;
      const item = await visibleItem<{ group_id: number | null }>(ctx.db, scope, kind, id);
      const { stateId } = request.body;
      const itemType = ITEM_TYPE_OF[kind];
      await ctx.live.setCustomState(
        scope.companyId,
        { itemType, itemId: id, groupId: item.group_id },
        stateId,
      );
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "customState",
        entityId: `${kind}:${id}`,
        data: { stateId },
      });
      return { id, stateId };
    });
  };
}
