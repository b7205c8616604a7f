import {
  type CompanyRecord,
  companiesAdminApi,
  isValidParent,
  type ResellerRow,
  resellersApi,
} from "@vigia/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { FileService } from "../files/index.ts";
import type { ItemsContext } from "../items/index.ts";
import { parseId } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, conflict, forbidden, notFound } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import {
  type ResellerScope,
  resellerSubtree,
  resolveResellerScope,
  visibleResellerIds,
} from "../kernel/tenancy/scope.ts";
import { companyWide } from "../live/index.ts";
import { offeredProviders } from "../map-tiles/index.ts";
import {
  type CompanyBody,
  companyInTree,
  deleteCompany,
  deleteReseller,
  insertCompany,
  insertReseller,
  lockCompany,
  lockReseller,
  resellerInUse,
  resellerRow,
  storedReseller,
  updateCompany,
  updateReseller,
} from "./store.ts";

/** Deleting a company or a reseller ends sessions, so these routes announce it to the open channels. */
/** `itinerariesChanged`: a company's `conf.general.itenerary` may have changed (see itineraries/routes.ts). */
/** `timeZonesChanged`: a company's time zone may have changed (null: every company's, the reseller tree moved). */
type AdminContext = ItemsContext & {
  files: FileService;
  sessions: SessionEvents;
  itinerariesChanged: (companyId: number) => void;
  timeZonesChanged: (companyId: number | null) => void;
};

/** The part of a stored company's general configuration the base-map check reads. */
const savedGeneralSchema = z.object({ mapProvider: z.string().optional() });

/** Company management under resellers/id/{rid}/companies (the /companies super-user view). */
export function registerCompanyAdminRoutes(
  app: FastifyInstance,
  ctx: AdminContext,
  scopeOf: (request: FastifyRequest) => ResellerScope,
): void {
  const inTree = async (scope: ResellerScope, companyId: number): Promise<CompanyRecord> => {
    const company = await companyInTree(ctx.db, scope.resellerIds, companyId);
    if (!company) throw notFound();
    return company;
  };
  // The base map a company draws must be one this deployment offers (an archive, MAP_TILE_PROVIDERS…). A choice
  // saved earlier that the deployment no longer offers is kept as it is, so the company's form still saves (the web
  // then draws the default map); only a new choice is checked.
  const checkMapProvider = async (conf: CompanyBody["conf"], saved?: CompanyRecord["conf"]) => {
    const chosen = conf.general.mapProvider;
    if (chosen === undefined) return;
    if (chosen === savedGeneralSchema.safeParse(saved?.general).data?.mapProvider) return;
    const offered = await offeredProviders(ctx.config);
    if (!offered.some((p) => p.id === chosen))
      throw badRequest("validation.failed", { "conf.general.mapProvider": "invalidOption" });
  };
  const checkReseller = (scope: ResellerScope, resellerId: number) => {
    if (!scope.resellerIds.includes(resellerId))
      throw badRequest("validation.failed", { resellerId: "invalidReseller" });
  };

  mountRoute(app, companiesAdminApi.get, async (request) =>
    inTree(scopeOf(request), request.params.companyId),
  );

  mountRoute(app, companiesAdminApi.create, async (request) => {
    const scope = scopeOf(request);
    checkReseller(scope, request.body.resellerId);
    await checkMapProvider(request.body.conf);
    const now = ctx.clock.now();
    const id = await ctx.db.transaction(async (tx) => {
      const newId = await insertCompany(tx, request.body, now);
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: request.body.resellerId,
          companyId: newId,
          action: "create",
          entity: "company",
          entityId: String(newId),
          data: { name: request.body.name },
        },
        tx,
      );
      return newId;
    });
    return inTree(scope, id);
  });

  // Resolve the company before the body is validated: a foreign id answers 404, never field errors.
  const companyFirst = async (request: FastifyRequest) => {
    await inTree(scopeOf(request), parseId((request.params as { companyId?: string }).companyId));
  };
  app.register(async (ordered) => {
    ordered.addHook("onRequest", companyFirst);
    mountRoute(ordered, companiesAdminApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.companyId;
      const before = await inTree(scope, id);
      checkReseller(scope, request.body.resellerId);
      await checkMapProvider(request.body.conf, before.conf);
      // Configuration keys the form does not show (supports, custom states…) are kept.
      const conf = { ...before.conf, ...request.body.conf };
      await ctx.db.transaction(async (tx) => {
        await updateCompany(tx, id, request.body, conf, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            resellerId: request.body.resellerId,
            companyId: id,
            action: "update",
            entity: "company",
            entityId: String(id),
            data: { name: request.body.name, state: request.body.state },
          },
          tx,
        );
      });
      // `conf.general.itenerary` may have changed: the alarm engine reads the company's itineraries again.
      ctx.itinerariesChanged(id);
      // Its own zone setting or its reseller (whose brand it inherits a zone from) may have changed.
      ctx.timeZonesChanged(id);
      ctx.live.publish(id, [companyWide({ type: "companyStatus", data: { id, state: request.body.state } })]);
      // A suspension closes the company users' live channels at once (their next calls are refused too).
      if (before.state !== request.body.state) ctx.sessions.emit({ kind: "companyChanged", companyId: id });
      return inTree(scope, id);
    });
  });

  mountRoute(app, companiesAdminApi.remove, async (request) => {
    const scope = scopeOf(request);
    const id = request.params.companyId;
    const before = await inTree(scope, id);
    const fileKeys = await ctx.db.transaction(async (tx) => {
      // Held first, so no file of the company is added between taking its keys and the delete below.
      await lockCompany(tx, id);
      // Devices return to the reseller's stock; everything else of the company goes with it. Its files'
      // rows would go by cascade but not their bytes: the rows are deleted here and the bytes after commit.
      const keys = await ctx.files.deleteRowsOf(tx, { companyId: id, resellerId: null });
      await deleteCompany(tx, id);
      await recordAudit(
        ctx,
        scope.principal,
        {
          resellerId: scope.resellerId,
          action: "delete",
          entity: "company",
          entityId: String(id),
          data: { name: before.name },
        },
        tx,
      );
      return keys;
    });
    await ctx.files.deleteBlobs(fileKeys);
    ctx.live.itemsChanged(null);
    ctx.sessions.emit({ kind: "companyChanged", companyId: id });
    return { id };
  });
}

/** POST resellers, PUT/DELETE resellers/id/{rid}: the reseller tree (parent may not be itself or below it). */
export function registerResellerAdminRoutes(app: FastifyInstance, ctx: AdminContext): void {
  const checkParent = async (request: FastifyRequest, id: number | null, parentId: number | null) => {
    const principal = principalOf(request);
    const allowed = await visibleResellerIds(ctx.db, principal);
    if (parentId === null) {
      // Only the top of the platform may create root resellers.
      if (allowed !== null) throw badRequest("validation.failed", { parentId: "required" });
      return;
    }
    if (allowed !== null && !allowed.includes(parentId))
      throw badRequest("validation.failed", { parentId: "invalidReseller" });
    if (!isValidParent(id, parentId)) throw badRequest("validation.failed", { parentId: "parent.self" });
    if (id !== null && (await resellerSubtree(ctx.db, id)).includes(parentId))
      throw badRequest("validation.failed", { parentId: "parent.descendant" });
  };
  const owned = async (request: FastifyRequest, id: number) => {
    const allowed = await visibleResellerIds(ctx.db, principalOf(request));
    const row = await storedReseller(ctx.db, id);
    if (!row || (allowed !== null && !allowed.includes(id))) throw notFound();
    return row;
  };
  const out = async (id: number): Promise<ResellerRow> => {
    const row = await resellerRow(ctx.db, id);
    if (!row) throw notFound();
    return row;
  };

  mountRoute(app, resellersApi.create, async (request) => {
    const principal = principalOf(request);
    await checkParent(request, null, request.body.parentId);
    const b = request.body;
    const id = await ctx.db.transaction(async (tx) => {
      const newId = await insertReseller(
        tx,
        { ...b, conf: { allowMapProvider: b.allowMapProvider } },
        ctx.clock.now(),
      );
      await recordAudit(
        ctx,
        principal,
        {
          resellerId: newId,
          action: "create",
          entity: "reseller",
          entityId: String(newId),
          data: { name: b.name },
        },
        tx,
      );
      return newId;
    });
    return out(id);
  });

  // As under /resellers/id/:resellerId: other roles are refused, a reseller out of the caller's reach is 404.
  const resellerFirst = async (request: FastifyRequest) => {
    await resolveResellerScope(
      ctx.db,
      principalOf(request),
      parseId((request.params as { resellerId?: string }).resellerId),
    );
  };
  app.register(async (ordered) => {
    ordered.addHook("onRequest", resellerFirst);
    mountRoute(ordered, resellersApi.update, async (request) => {
      const principal = principalOf(request);
      const id = request.params.resellerId;
      const before = await owned(request, id);
      const b = request.body;
      // A reseller may edit its own record but not move itself in the tree.
      if (id === principal.resellerId && b.parentId !== before.parent_id) throw forbidden();
      if (b.parentId !== before.parent_id) await checkParent(request, id, b.parentId);
      await ctx.db.transaction(async (tx) => {
        await updateReseller(tx, id, {
          ...b,
          conf: { ...before.conf, allowMapProvider: b.allowMapProvider },
        });
        await recordAudit(
          ctx,
          principal,
          {
            resellerId: id,
            action: "update",
            entity: "reseller",
            entityId: String(id),
            data: { name: b.name },
          },
          tx,
        );
      });
      // A moved reseller takes its companies under another brand, whose zone they may inherit.
      if (b.parentId !== before.parent_id) ctx.timeZonesChanged(null);
      return out(id);
    });
  });

  mountRoute(app, resellersApi.remove, async (request) => {
    const principal = principalOf(request);
    const id = request.params.resellerId;
    await owned(request, id);
    if (id === principal.resellerId) throw forbidden();
    if (await resellerInUse(ctx.db, id)) throw conflict("reseller.notEmpty");
    const { userIds, fileKeys } = await ctx.db.transaction(async (tx) => {
      await lockReseller(tx, id);
      // Its own files (support photos): rows here, bytes after commit, as for a company.
      const keys = await ctx.files.deleteRowsOf(tx, { companyId: null, resellerId: id });
      const users = await deleteReseller(tx, id);
      await recordAudit(ctx, principal, { action: "delete", entity: "reseller", entityId: String(id) }, tx);
      return { userIds: users, fileKeys: keys };
    });
    await ctx.files.deleteBlobs(fileKeys);
    if (userIds.length > 0) ctx.sessions.emit({ kind: "usersChanged", userIds });
    return { id };
  });
}
