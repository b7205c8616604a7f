import type { Readable } from "node:stream";
import { filesApi, isAdminOrHigher, type StoredFile } from "@vigia/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { FileService } from "./service.ts";

export interface FilesContext extends KernelContext {
  files: FileService;
}

/** RFC 6266 header value with an ASCII fallback and the UTF-8 name. */
function disposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answers with a stored file's bytes: images inline unless a download is asked for, everything else as an
 * attachment, never runnable as a page of this origin. Every route that serves an attachment uses it.
 */
export function sendStoredFile(
  reply: FastifyReply,
  opened: { file: StoredFile; body: Readable },
  download: boolean,
): FastifyReply {
  const inline = !download && opened.file.mime.startsWith("image/");
  return (
    reply
      .type(opened.file.mime)
      .header("content-length", opened.file.size)
      .header("content-disposition", disposition(inline ? "inline" : "attachment", opened.file.name))
      // A stored file never runs as a page of this origin, whatever it holds.
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cache-control", "private, max-age=3600")
      .send(opened.body)
  );
}

/**
 * Answers with a reseller's published image (a brand's logo, a support contact's photo) to anyone given its link:
 * never runnable as a page, cached for a day, since a new image gets a new link and a cached one never goes stale.
 * `inlineStyles` lets a sanitised SVG keep its style attributes.
 */
export function sendPublishedImage(
  reply: FastifyReply,
  opened: { file: StoredFile; body: Readable },
  inlineStyles = false,
): FastifyReply {
  return reply
    .type(opened.file.mime)
    .header("content-length", opened.file.size)
    .header(
      "content-security-policy",
      inlineStyles ? "default-src 'none'; style-src 'unsafe-inline'; sandbox" : "default-src 'none'; sandbox",
    )
    .header("cache-control", "public, max-age=86400, immutable")
    .send(opened.body);
}

/** Upload, download and delete of the company's files. */
export function fileRoutes(ctx: FilesContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Uploads are raw bodies of any type; this plugin's routes read the request stream themselves, so the
    // body is never buffered whole (the other plugins keep Fastify's JSON parser).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    mountRoute(app, filesApi.upload, async (request) => {
      const scope = scopeOf(request);
      const length = Number(request.headers["content-length"]);
      return ctx.files.save({
        companyId: scope.companyId,
        userId: scope.principal.userId,
        name: request.query.name,
        kind: request.query.kind,
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
    });

    mountRoute(app, filesApi.download, async (request, reply) => {
      const scope = scopeOf(request);
      const opened = await ctx.files.open(scope.companyId, request.params.id);
      if (!opened) throw notFound();
      return sendStoredFile(reply, opened, request.query.download ?? false);
    });

    mountRoute(app, filesApi.remove, async (request) => {
      const scope = scopeOf(request);
      const uploader = await ctx.files.uploader(scope.companyId, request.params.id);
      if (uploader === undefined) throw notFound();
      if (uploader !== scope.principal.userId && !isAdminOrHigher(scope.principal.role)) throw forbidden();
      await ctx.files.remove(scope.companyId, request.params.id);
    });
  };
}
