import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { KernelContext } from "../kernel/context.ts";
import { siteForHost } from "./sites.ts";

export const WORKER_MANIFEST_PATH = "/app/manifest.webmanifest";

/** The fields the build writes and the server rewrites; everything else passes through as built. */
const builtManifestSchema = z.looseObject({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  icons: z.array(z.looseObject({ src: z.string(), sizes: z.string(), type: z.string() })).min(1),
});
export type WorkerManifest = z.infer<typeof builtManifestSchema>;

/** A short name fits under a home-screen icon: the brand's name up to its first 12 characters. */
const SHORT_NAME_MAX = 12;

/**
 * GET /app/manifest.webmanifest: the worker app's web app manifest as the build wrote it (vite-plugin-pwa, from
 * `vite.app.config.ts`), named after the site the phone opened (the brand of its host), so a reseller's workers
 * install "their" app. Not an API route: browsers fetch it by the page's link, without credentials.
 */
export function workerManifestMount(ctx: KernelContext) {
  const file = path.join(ctx.config.webDist, "app", "manifest.webmanifest");
  let built: Promise<WorkerManifest | null> | null = null;
  const load = () => {
    built ??= readFile(file, "utf8")
      .then((text) => builtManifestSchema.parse(JSON.parse(text)))
      .catch(() => null);
    return built;
  };
  return async (app: FastifyInstance): Promise<void> => {
    app.get(WORKER_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
      const manifest = await load();
      if (manifest === null) {
        return reply.status(404).send({ statusCode: 404, error: "Not Found", description: "not.found" });
      }
      const site = await siteForHost(ctx.db, request.headers.host);
      return reply
        .header("content-type", "application/manifest+json")
        .header("cache-control", "no-cache")
        .send(brandedManifest(manifest, site.name));
    });
  };
}

export function brandedManifest(manifest: WorkerManifest, siteName: string): WorkerManifest {
  const name = siteName.trim() || manifest.name;
  return {
    ...manifest,
    name,
    short_name: name.length <= SHORT_NAME_MAX ? name : name.slice(0, SHORT_NAME_MAX).trim(),
  };
}
