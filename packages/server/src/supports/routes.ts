import { type SupportAdmin, supportAdminSchema, supportsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";

const storedEntry = supportAdminSchema.extend({ companyIds: z.array(z.number()).optional() });
const idsOf = z.array(z.object({ id: z.number() }).passthrough()).catch([]);

/**
 * The reseller's `conf.supports`; an entry of another shape is kept out. An entry saved before assignments
 * existed (no `companyIds`) is assigned where a company's configuration already lists its id.
 */
export async function load(db: Queryable, resellerId: number): Promise<SupportAdmin[]> {
  const rows = await db.query<{ conf: { supports?: unknown } }>("select conf from resellers where id = $1", [
    resellerId,
  ]);
  const companies = await db.query<{ id: number; supports: unknown }>(
    "select id, conf->'supports' as supports from companies where reseller_id = $1",
    [resellerId],
  );
  return z
    .array(z.unknown())
    .catch([])
    .parse(rows[0]?.conf.supports)
    .flatMap((entry) => {
      const parsed = storedEntry.safeParse(entry);
      if (!parsed.success) return [];
      const companyIds =
        parsed.data.companyIds ??
        companies
          .filter((c) => idsOf.parse(c.supports).some((s) => s.id === parsed.data.id))
          .map((c) => c.id);
      return [{ ...parsed.data, companyIds }];
    });
}

/**
 * Saves the reseller's contacts and writes each of its companies' `conf.supports` (what the support panel
 * reads): the contacts assigned to it, without the assignment lists.
 */
export async function save(db: Queryable, resellerId: number, supports: SupportAdmin[]): Promise<void> {
  await db.query(`update resellers set conf = jsonb_set(conf, '{supports}', $2::jsonb) where id = $1`, [
    resellerId,
    JSON.stringify(supports),
  ]);
  const companies = await db.query<{ id: number }>("select id from companies where reseller_id = $1", [
    resellerId,
  ]);
  for (const { id } of companies) {
    const shown = supports
      .filter((s) => s.companyIds.includes(id))
      .map(({ companyIds: _ids, ...contact }) => contact);
    await db.query(`update companies set conf = jsonb_set(conf, '{supports}', $2::jsonb) where id = $1`, [
      id,
      JSON.stringify(shown),
    ]);
  }
}

/** /supports: reseller-level users manage their own reseller's support contacts and assignments. */
export function supportRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  const ownCompanies = async (resellerId: number, ids: number[]) => {
    if (ids.length === 0) return;
    const rows = await ctx.db.query<{ n: number }>(
      "select count(*)::int as n from companies where reseller_id = $1 and id = any($2::int[])",
      [resellerId, ids],
    );
    if ((rows[0]?.n ?? 0) !== new Set(ids).size)
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
