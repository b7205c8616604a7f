import { type SupportAdmin, supportsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FileService, sendPublishedImage } from "../files/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { load, save } from "./store.ts";

export interface SupportPhotoContext extends KernelContext {
  files: FileService;
}

const PHOTO_PATH = "/fr/v1/support-photos/";

/** The stored file a contact's photo link names, when it is one of ours (not an outside URL). */
function photoFileId(photoUrl: string): number | null {
  if (!photoUrl.startsWith(PHOTO_PATH)) return null;
  const id = Number(photoUrl.slice(PHOTO_PATH.length).split("/")[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A support contact's photo, kept in the file storage as the reseller's own file.
 * The contact carries the photo's link; every company the contact is assigned to shows it in its help menu.
 */
export function supportPhotoRoutes(ctx: SupportPhotoContext): FastifyPluginAsyncZod {
  /** Sets the contact's photo link and answers the contact and the link it had. */
  const setPhoto = (resellerId: number, supportId: number, photoUrl: string) =>
    ctx.db.transaction(async (tx) => {
      const supports = await load(tx, resellerId);
      const current = supports.find((s) => s.id === supportId);
      if (!current) throw notFound();
      const next: SupportAdmin = { ...current, photoUrl };
      await save(
        tx,
        resellerId,
        supports.map((s) => (s.id === supportId ? next : s)),
      );
      return { next, previous: current.photoUrl };
    });
  const dropFile = async (resellerId: number, photoUrl: string) => {
    const id = photoFileId(photoUrl);
    if (id !== null) await ctx.files.removeForReseller(resellerId, id);
  };

  return async (app) => {
    // The photo arrives as the raw body, streamed into the store (never buffered whole).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    mountRoute(app, supportsApi.uploadPhoto, async (request) => {
      const scope = resellerScopeOf(request);
      const { supportId } = request.params;
      if (!(await load(ctx.db, scope.resellerId)).some((s) => s.id === supportId)) throw notFound();
      const length = Number(request.headers["content-length"]);
      const saved = await ctx.files.saveForReseller({
        resellerId: scope.resellerId,
        userId: scope.principal.userId || null,
        name: request.query.name,
        kind: "photo",
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
      let result: Awaited<ReturnType<typeof setPhoto>>;
      try {
        result = await setPhoto(scope.resellerId, supportId, `${PHOTO_PATH}${saved.id}/${saved.token}`);
      } catch (error) {
        // The contact went away meanwhile: the new file has no one to show it.
        await ctx.files.removeForReseller(scope.resellerId, saved.id);
        throw error;
      }
      await dropFile(scope.resellerId, result.previous);
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "update",
        entity: "support",
        entityId: String(supportId),
        data: { photo: saved.name },
      });
      return result.next;
    });

    mountRoute(app, supportsApi.removePhoto, async (request) => {
      const scope = resellerScopeOf(request);
      const result = await setPhoto(scope.resellerId, request.params.supportId, "");
      await dropFile(scope.resellerId, result.previous);
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "update",
        entity: "support",
        entityId: String(request.params.supportId),
        data: { photo: null },
      });
      return result.next;
    });
  };
}

/** The photo by its link, without a session: an <img> in the help menu cannot send one. */
export function supportPhotoViewRoutes(ctx: SupportPhotoContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, supportsApi.photo, async (request, reply) => {
      const opened = await ctx.files.openPublished(request.params.fileId, request.params.token);
      if (!opened) throw notFound();
      return sendPublishedImage(reply, opened);
    });
  };
}
