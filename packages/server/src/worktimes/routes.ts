import {
  CUSTOM_STATE_NONE,
  customDataApi,
  customDatasSchema,
  customStatesApi,
  type WorktimeRow,
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

async function listWorktimes(ctx: KernelContext, scope: CompanyScope): Promise<Record<string, WorktimeRow>> {
  const rows = await ctx.db.query<WorktimeRow>(
    "select id, name, timezone, days, vehicles, assets, persons from worktimes where company_id = $1 order by id",
    [scope.companyId],
  );
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}

/** Items referenced by a timetable must be company items the caller can see. */
async function checkItems(
  ctx: KernelContext,
  scope: CompanyScope,
  body: z.output<typeof worktimeWriteSchema>,
) {
  for (const table of ["vehicles", "assets", "persons"] as const) {
    const ids = body[table];
    if (ids.length === 0) continue;
    const group = scope.groupIds === null ? "" : "and group_id = any($3::int[])";
    const found = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from ${table} where company_id = $1 and id = any($2::int[]) ${group}`,
      scope.groupIds === null ? [scope.companyId, ids] : [scope.companyId, ids, scope.groupIds],
    );
    if ((found[0]?.n ?? 0) !== new Set(ids).size)
      throw badRequest("validation.failed", { [table]: "invalidItem" });
  }
}

/** Work timetables (/trackRules), custom states and custom data definitions, and an item's custom state. */
export function worktimeRoutes(ctx: KernelContext & { live: LiveState }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, worktimesApi.list, async (request) => listWorktimes(ctx, scopeOf(request)));

    mountRoute(app, worktimesApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkItems(ctx, scope, request.body);
      const b = request.body;
      const id = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const rows = await tx.query<{ id: number }>(
          `insert into worktimes (company_id, name, timezone, days, vehicles, assets, persons, created_ts, updated_ts)
           values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $8) returning id`,
          [scope.companyId, b.name, b.timezone, JSON.stringify(b.days), b.vehicles, b.assets, b.persons, now],
        );
        const newId = (rows[0] as { id: number }).id;
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
      return found((await listWorktimes(ctx, scope))[id]);
    });

    mountRoute(app, worktimesApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      if (!(await listWorktimes(ctx, scope))[id]) throw notFound();
      await checkItems(ctx, scope, request.body);
      const b = request.body;
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `update worktimes set name = $1, timezone = $2, days = $3::jsonb, vehicles = $4, assets = $5, persons = $6,
             updated_ts = $7 where id = $8 and company_id = $9`,
          [
            b.name,
            b.timezone,
            JSON.stringify(b.days),
            b.vehicles,
            b.assets,
            b.persons,
            ctx.clock.now(),
            id,
            scope.companyId,
          ],
        );
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
      return found((await listWorktimes(ctx, scope))[id]);
    });

    mountRoute(app, worktimesApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      if (!(await listWorktimes(ctx, scope))[id]) throw notFound();
      await ctx.db.transaction(async (tx) => {
        await tx.query("delete from worktimes where id = $1 and company_id = $2", [id, scope.companyId]);
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
        await tx.query(
          `update companies set conf = jsonb_set(conf, '{customStates}',
             coalesce(conf->'customStates', '{}'::jsonb) || jsonb_build_object($2::text, $3::jsonb)), updated_ts = $4
           where id = $1`,
          [
            scope.companyId,
            kind,
            JSON.stringify(Object.fromEntries(states.map((s) => [s.id, s]))),
            ctx.clock.now(),
          ],
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
      const rows = await ctx.db.query<{ conf: { customDatas?: unknown } }>(
        "select conf from companies where id = $1",
        [scopeOf(request).companyId],
      );
      // Written only by the PUT below, through the same schema.
      return customDatasSchema.parse(rows[0]?.conf.customDatas ?? {});
    });

    mountRoute(app, customDataApi.save, async (request) => {
      const scope = scopeOf(request);
      const { kind, fields } = request.body;
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `update companies set conf = jsonb_set(conf, '{customDatas}',
             coalesce(conf->'customDatas', '{}'::jsonb) || jsonb_build_object($2::text, $3::jsonb)), updated_ts = $4
           where id = $1`,
          [scope.companyId, kind, JSON.stringify(fields), ctx.clock.now()],
        );
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
