import { type ApiKey, type ApiKeyRole, apiKeysApi } from "@vigia/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { newApiKeySecret } from "../kernel/auth/api-keys.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { requirePerson } from "../kernel/tenancy/principal.ts";

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  role: ApiKeyRole;
  ip: string | null;
  created_ts: number | string;
  created_by_email: string | null;
  last_used_ts: number | string | null;
  last_used_ip: string | null;
  revoked_ts: number | string | null;
}

const toApi = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  role: r.role,
  ip: r.ip,
  createdTs: Number(r.created_ts),
  createdBy: r.created_by_email ?? "",
  lastUsedTs: r.last_used_ts === null ? null : Number(r.last_used_ts),
  lastUsedIp: r.last_used_ip,
  revokedTs: r.revoked_ts === null ? null : Number(r.revoked_ts),
});

const SELECT = `select k.id, k.name, k.prefix, k.role, k.ip, k.created_ts, u.email as created_by_email,
  k.last_used_ts, k.last_used_ip, k.revoked_ts from api_keys k left join users u on u.id = k.created_by`;

/** A company's API keys: administrators list, create (secret shown once) and revoke them. */
export function apiKeyRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, apiKeysApi.list, async (request) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<KeyRow>(`${SELECT} where k.company_id = $1 order by k.id`, [
        scope.companyId,
      ]);
      return rows.map(toApi);
    });

    mountRoute(app, apiKeysApi.create, async (request) => {
      const scope = scopeOf(request);
      requirePerson(scope.principal);
      const { name, role, ip } = request.body;
      const { secret, prefix, hash } = newApiKeySecret();
      const inserted = await ctx.db.query<{ id: number }>(
        `insert into api_keys (company_id, name, prefix, key_hash, role, read_only, ip, created_by, created_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          scope.companyId,
          name,
          prefix,
          hash,
          role,
          role === "READONLY",
          ip || null,
          scope.principal.userId || null,
          ctx.clock.now(),
        ],
      );
      const id = inserted[0]!.id;
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "apikey",
        entityId: String(id),
        data: { name, role, ip },
      });
      const rows = await ctx.db.query<KeyRow>(`${SELECT} where k.id = $1`, [id]);
      return { key: toApi(rows[0]!), secret };
    });

    mountRoute(app, apiKeysApi.revoke, async (request) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<{ id: number }>(
        `update api_keys set revoked_ts = $3 where id = $1 and company_id = $2 and revoked_ts is null returning id`,
        [request.params.keyId, scope.companyId, ctx.clock.now()],
      );
      if (rows.length === 0) throw notFound();
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
