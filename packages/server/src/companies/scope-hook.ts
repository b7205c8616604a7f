import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { principalOf } from "../http/authenticate.ts";
import { notFound } from "../http/errors.ts";
import { type CompanyScope, resolveCompanyScope } from "../tenancy/scope.ts";

declare module "fastify" {
  interface FastifyRequest {
    companyScope: CompanyScope | null;
  }
}

/** Resolves the company scope for every route under /companies/id/:companyId, before any handler runs. */
export function companyScopeHook(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const { companyId } = request.params as { companyId?: string };
    const id = Number(companyId);
    if (!Number.isInteger(id)) throw notFound();
    request.companyScope = await resolveCompanyScope(ctx.db, principalOf(request), id);
  };
}

export function scopeOf(request: FastifyRequest): CompanyScope {
  if (!request.companyScope) throw notFound();
  return request.companyScope;
}
