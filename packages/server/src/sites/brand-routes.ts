import { BRAND_ERROR, type Brand, brandsApi, isSuperResellerOrHigher } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FileService, sendPublishedImage } from "../files/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, conflict, notFound } from "../kernel/errors.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import type { ResellerScope } from "../kernel/tenancy/scope.ts";
import { offeredProviders } from "../map-tiles/index.ts";
import {
  brandFileOwner,
  deleteBrand,
  findBrand,
  insertBrand,
  isDefaultBrand,
  listBrands,
  setBrandImage,
  takenHosts,
  updateBrand,
} from "./store.ts";

export interface BrandContext extends KernelContext {
  files: FileService;
}

/** The brand writes: a brand's zone is every company's under it without its own, so all may have changed (null). */
export interface BrandWriteContext extends BrandContext {
  timeZonesChanged: (companyId: null) => void;
}

const IMAGE_PATH = "/fr/v1/brand-images/";

/** The stored file an image link names, when it is one of ours (not the product's own picture). */
function imageFileId(url: string): number | null {
  if (!url.startsWith(IMAGE_PATH)) return null;
  const id = Number(url.slice(IMAGE_PATH.length).split("/")[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The resellers whose brands the caller manages: their subtree; a super reseller every brand (null). */
const managed = (scope: ResellerScope): number[] | null =>
  isSuperResellerOrHigher(scope.principal.role) ? null : scope.resellerIds;

/** /branding: a reseller's brands, their fields and their host names (unique across all brands). */
export function brandRoutes(ctx: BrandWriteContext): FastifyPluginAsyncZod {
  const one = async (scope: ResellerScope, id: number): Promise<Brand> => {
    const brand = await findBrand(ctx.db, managed(scope), id);
    if (!brand) throw notFound();
    return brand;
  };
  const freeHosts = async (hosts: readonly string[], exceptId: number) => {
    const taken = await takenHosts(ctx.db, hosts, exceptId);
    if (taken.length > 0) throw conflict(BRAND_ERROR.hostTaken, { hosts: BRAND_ERROR.hostTaken });
  };
  /**
   * The brand's base map must be one this deployment offers. A choice saved earlier that is no longer offered
   * is kept as it is, so the form still saves (the web then draws the default map); only a new one is checked.
   */
  const checkMapProvider = async (chosen: string, saved = "") => {
    if (chosen === "" || chosen === saved) return;
    if (!(await offeredProviders(ctx.config)).some((p) => p.id === chosen))
      throw badRequest("validation.failed", { mapProvider: "invalidOption" });
  };

  return async (app) => {
    mountRoute(app, brandsApi.list, async (request) => listBrands(ctx.db, managed(resellerScopeOf(request))));

    mountRoute(app, brandsApi.get, async (request) => one(resellerScopeOf(request), request.params.brandId));

    mountRoute(app, brandsApi.create, async (request) => {
      const scope = resellerScopeOf(request);
      await checkMapProvider(request.body.mapProvider);
      await freeHosts(request.body.hosts, 0);
      const id = await ctx.db.transaction(async (tx) => {
        const created = await insertBrand(tx, scope.resellerId, request.body);
        await recordAudit(
          ctx,
          scope.principal,
          {
            resellerId: scope.resellerId,
            action: "create",
            entity: "brand",
            entityId: String(created),
            data: { name: request.body.name, hosts: request.body.hosts },
          },
          tx,
        );
        return created;
      });
      ctx.timeZonesChanged(null);
      return one(scope, id);
    });

    mountRoute(app, brandsApi.update, async (request) => {
      const scope = resellerScopeOf(request);
      const id = request.params.brandId;
      await checkMapProvider(request.body.mapProvider, (await one(scope, id)).mapProvider);
      await freeHosts(request.body.hosts, id);
      await ctx.db.transaction(async (tx) => {
        await updateBrand(tx, id, request.body);
        await recordAudit(
          ctx,
          scope.principal,
          {
            resellerId: scope.resellerId,
            action: "update",
            entity: "brand",
            entityId: String(id),
            data: { name: request.body.name, hosts: request.body.hosts },
          },
          tx,
        );
      });
      ctx.timeZonesChanged(null);
      return one(scope, id);
    });

    mountRoute(app, brandsApi.remove, async (request) => {
      const scope = resellerScopeOf(request);
      const id = request.params.brandId;
      await one(scope, id);
      if (await isDefaultBrand(ctx.db, id)) throw conflict(BRAND_ERROR.defaultBrand);
      const images = await ctx.db.transaction(async (tx) => {
        const removed = await deleteBrand(tx, id);
        await recordAudit(
          ctx,
          scope.principal,
          { resellerId: scope.resellerId, action: "delete", entity: "brand", entityId: String(id) },
          tx,
        );
        return removed;
      });
      ctx.timeZonesChanged(null);
      // The files go once the rows are gone: a failed delete keeps a brand whose images still load.
      for (const url of [images.logoUrl, images.faviconUrl]) {
        const fileId = imageFileId(url);
        if (fileId !== null) await ctx.files.removePublished(fileId);
      }
    });
  };
}

/** Logo and favicon uploads: raw bodies streamed into the file store (never buffered whole). */
export function brandImageRoutes(ctx: BrandContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    mountRoute(app, brandsApi.uploadImage, async (request) => {
      const scope = resellerScopeOf(request);
      const { brandId, image } = request.params;
      if (!(await findBrand(ctx.db, managed(scope), brandId))) throw notFound();
      // The files of the platform's own brand are kept by the super reseller who uploads them.
      const owner = (await brandFileOwner(ctx.db, brandId)) ?? scope.resellerId;
      const length = Number(request.headers["content-length"]);
      const saved = await ctx.files.saveForReseller({
        resellerId: owner,
        userId: scope.principal.userId || null,
        name: request.query.name,
        kind: "brandImage",
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
      const previous = await setBrandImage(ctx.db, brandId, image, `${IMAGE_PATH}${saved.id}/${saved.token}`);
      const oldId = imageFileId(previous);
      if (oldId !== null) await ctx.files.removePublished(oldId);
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "update",
        entity: "brand",
        entityId: String(brandId),
        data: { [image]: saved.name },
      });
      const brand = await findBrand(ctx.db, managed(scope), brandId);
      if (!brand) throw notFound();
      return brand;
    });
  };
}

/** A brand's images by their link, without a session: the sign-in page and the favicon cannot send one. */
export function brandImageViewRoutes(ctx: BrandContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, brandsApi.image, async (request, reply) => {
      const opened = await ctx.files.openPublished(request.params.fileId, request.params.token);
      if (!opened) throw notFound();
      // A logo may be a sanitised SVG that keeps its style attributes.
      return sendPublishedImage(reply, opened, true);
    });
  };
}
