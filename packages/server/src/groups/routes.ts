import { buildGroupTree, groupsApi, parentError } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ItemsContext } from "../items/index.ts";
import { found, listGroups, publish } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyWide } from "../live/index.ts";
import { deleteGroup, insertGroup, updateGroup } from "./store.ts";

/** The company's whole tree (administrators see all groups), for the parent rule. */
async function fullTree(ctx: ItemsContext, scope: CompanyScope) {
  return buildGroupTree(Object.values(await listGroups(ctx.db, { ...scope, groupIds: null })));
}

async function checkParent(
  ctx: ItemsContext,
  scope: CompanyScope,
  id: number | null,
  parentId: number | null,
) {
  if (parentId === null) return;
  const tree = await fullTree(ctx, scope);
  if (!tree[parentId]) throw badRequest("validation.failed", { parentId: "parent.missing" });
  const error = parentError(tree, id, parentId);
  if (error) throw badRequest("validation.failed", { parentId: error });
}

/**
 * Groups (/groups): administrators only; the tree with derived fields is served at GET groups/tree. Deleting a
 * group narrows the users who had it, so the route announces it to their open channels.
 */
export function groupRoutes(ctx: ItemsContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, groupsApi.list, async (request) => listGroups(ctx.db, scopeOf(request)));

    mountRoute(app, groupsApi.tree, async (request) => {
      const scope = scopeOf(request);
      return buildGroupTree(Object.values(await listGroups(ctx.db, scope)));
    });

    mountRoute(app, groupsApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkParent(ctx, scope, null, request.body.parentId);
      const id = await ctx.db.transaction(async (tx) => {
        const newId = await insertGroup(tx, scope, request.body, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "group",
            entityId: String(newId),
            data: request.body,
          },
          tx,
        );
        return newId;
      });
      publish(ctx, scope, 0, 0, null, { type: "addGroup", data: { id } });
      return found((await listGroups(ctx.db, scope))[id]);
    });

    mountRoute(app, groupsApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const tree = await fullTree(ctx, scope);
      if (!tree[id]) throw notFound();
      await checkParent(ctx, scope, id, request.body.parentId);
      await ctx.db.transaction(async (tx) => {
        await updateGroup(tx, scope, id, request.body);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "group",
            entityId: String(id),
            data: request.body,
          },
          tx,
        );
      });
      // Sub-group membership changes what group-scoped users see: the bindings and map reload.
      ctx.live.itemsChanged(scope.companyId, {
        messages: [companyWide({ type: "reloadGroup", data: { id } })],
      });
      return found((await listGroups(ctx.db, scope))[id]);
    });

    mountRoute(app, groupsApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const tree = await fullTree(ctx, scope);
      const node = tree[id];
      if (!node) throw notFound();
      if (Object.keys(tree).length === 1) throw conflict("group.last");
      if (node.vehicles.length + node.assets.length + node.persons.length > 0)
        throw conflict("group.notEmpty");
      await ctx.db.transaction(async (tx) => {
        await deleteGroup(tx, scope, id, node.parentId);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "group",
            entityId: String(id),
            data: { name: node.name },
          },
          tx,
        );
      });
      ctx.live.itemsChanged(scope.companyId, {
        messages: [companyWide({ type: "reloadGroup", data: { id } })],
      });
      ctx.sessions.emit({ kind: "companyChanged", companyId: scope.companyId });
      return { id };
    });
  };
}
