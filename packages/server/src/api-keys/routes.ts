import { apiKeysApi } from "@vigia/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { newApiKeySecret } from "../kernel/auth/api-keys.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { requirePerson } from "../kernel/tenancy/principal.ts";
import { insertApiKey, listApiKeys, revokeApiKey } from "./store.ts";

/** A company's API keys: administrators list, create (secret shown once) and revoke them. */
export function apiKeyRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, apiKeysApi.list, async (request) => {
      const scope = scopeOf(request);
      return listApiKeys(ctx.db, scope);
    });

    mountRoute(app, apiKeysApi.create, async (request) => {
      const scope = scopeOf(request);
      requirePerson(scope.principal);
      const { name, role, ip } = request.body;
      const { secret, prefix, hash } = newApiKeySecret();
      const id = await insertApiKey(ctx.db, scope, {
        name,
        prefix,
        hash,
        role,
        ip: ip || null,
        createdBy: scope.principal.userId || null,
        now: ctx.clock.now(),
      });
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "apikey",
        entityId: String(id),
        data: { name, role, ip },
      });
      const key = (await listApiKeys(ctx.db, scope, id))[0];
      if (!key) throw notFound();
      return { key, secret };
    });

    mountRoute(app, apiKeysApi.revoke, async (request) => {
      const scope = scopeOf(request);
      if (!(await revokeApiKey(ctx.db, scope, request.params.keyId, ctx.clock.now()))) throw notFound();
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "apikey",
        entityId: String(request.params.keyId),
      });
    });
  };
}

/** Every call made with an API key goes to the company's audit log, with what it answered. */
export function auditApiKeyCalls(ctx: KernelContext) {
  return async <T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const principal = request.principal;
    if (!principal?.apiKeyId) return payload;
    await recordAudit(ctx, principal, {
      companyId: principal.companyId,
      action: "api",
      entity: `${request.method} ${request.routeOptions.url ?? ""}`,
      entityId: String(principal.apiKeyId),
      data: { path: request.url.split("?")[0] ?? "", status: reply.statusCode },
    }).catch((error: unknown) => ctx.log.warn({ err: error }, "API key call not audited"));
    return payload;
  };
}
