import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import { APP_VERSION } from "@vigia/domain";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { KernelContext } from "../context.ts";
import { API_PREFIX } from "../contract.ts";
import { badRequest, errorHandler } from "../errors.ts";
import { authenticateRequest } from "./authenticate.ts";
import { securityHeaders } from "./security-headers.ts";
import { badTextPath } from "./text-hygiene.ts";

declare module "fastify" {
  interface FastifyInstance {
    routeCatalog: { method: string; url: string }[];
  }
}

/** Extra route plugins that other capabilities (live channel, ingest over HTTP…) mount on the same server. */
export type Mount = (app: FastifyInstance) => Promise<void>;

/** Rewrites the built index.html for the request's Host header. */
export type IndexHtml = (host: string | undefined, html: string) => Promise<string>;

/**
 * The Fastify server every capability is mounted on: validation, error shape, OpenAPI document, WebSocket
 * support, health check and the web app's files. It knows no capability: `api` (the route tree under
 * /fr/v1) and `mounts` come from `src/app/`.
 */
export async function buildApp(
  ctx: KernelContext,
  options: {
    trustProxy: boolean;
    api: FastifyPluginAsyncZod;
    mounts?: Mount[];
    /** The single page as served on this Host (the brand's title and favicon); absent: the file as built. */
    indexHtml?: IndexHtml;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: options.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    // Per-request lines drown the log once hundreds of devices and browsers are connected.
    logController: new LogController({ disableRequestLogging: process.env.VIGIA_LOG_REQUESTS !== "1" }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const field = badTextPath(request.params) ?? badTextPath(request.query) ?? badTextPath(request.body);
    if (field !== null) throw badRequest("validation.failed", { [field]: "invalidCharacters" });
  });
  app.decorateRequest("principal", null);
  // Every route, as registered: the tenant-isolation tests walk this list so no endpoint escapes them.
  const routeCatalog: { method: string; url: string }[] = [];
  app.decorate("routeCatalog", routeCatalog);
  app.addHook("onRoute", (route) => {
    // Every API route comes from a domain contract (kernel/contract.ts), so it always declares its answer;
    // a route registered by hand would leave the OpenAPI document and the web's typed client behind.
    const api = route.url.startsWith(`${API_PREFIX}/`) && !route.url.startsWith(`${API_PREFIX}/docs`);
    if (api && route.method !== "HEAD" && !route.schema?.response)
      throw new Error(
        `${String(route.method)} ${route.url} has no response schema: mount it with mountRoute`,
      );
    for (const method of [route.method].flat()) routeCatalog.push({ method, url: route.url });
  });

  await app.register(fastifyHelmet, securityHeaders);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Vigia API",
        version: APP_VERSION,
        description: "Fleet and asset telematics platform API",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API description maps every route an attacker could probe: signed-in users only, unless the operator
  // publishes it (VIGIA_PUBLIC_DOCS=1). The page has inline scripts of its own: it sends a policy with their
  // hashes instead of ours.
  await app.register(fastifySwaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    ...(ctx.config.publicDocs ? {} : { uiHooks: { onRequest: authenticateRequest(ctx) } }),
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });

  app.get("/healthz", { schema: { hide: true } }, async () => ({
    ok: true,
    db: ctx.db.kind,
    initTs: ctx.initTs,
  }));

  await app.register(options.api, { prefix: API_PREFIX });

  for (const mount of options.mounts ?? []) await mount(app);

  if (existsSync(ctx.config.webDist)) {
    // The page itself ("/", "/index.html") is not a static file: it goes through `indexHtml` like every
    // client-side route.
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      // The worker app's manifest carries the site's name: served by the sites capability, not as built.
      globIgnore: ["app/manifest.webmanifest"],
      ...(options.indexHtml
        ? { index: false, allowedPath: (pathName: string) => pathName !== "/index.html" }
        : {}),
    });
    const indexHtml = options.indexHtml;
    let built: Promise<string> | null = null;
    // Client-side routes (/vehicles, /password/set/…) all load the single page.
    app.setNotFoundHandler(async (request, reply) => {
      if (
        request.method === "GET" &&
        !request.url.startsWith("/fr/") &&
        !request.url.startsWith("/healthz")
      ) {
        // The worker app (/app/…) is a page of its own; its screens are not routes of the web client.
        if (request.url === "/app" || request.url.startsWith("/app/"))
          return reply.sendFile("app/index.html");
        if (!indexHtml) return reply.sendFile("index.html");
        built ??= readFile(path.join(ctx.config.webDist, "index.html"), "utf8");
        const html = await indexHtml(request.host, await built);
        // Each host gets its own page: a shared cache must not hand one brand's page to another host.
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .header("vary", "Host")
          .send(html);
      }
      return reply.status(404).send({ statusCode: 404, error: "Not Found", description: "not.found" });
    });
  } else {
    app.log.warn({ webDist: ctx.config.webDist }, "web app not built; run `npm run build` to serve it");
  }
  return app;
}
