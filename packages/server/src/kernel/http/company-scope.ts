import type { FastifyRequest } from "fastify";
import type { KernelContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { type CompanyScope, resolveCompanyScope } from "../tenancy/scope.ts";
import { principalOf } from "./authenticate.ts";

declare module "fastify" {
  interface FastifyRequest {
    companyScope: CompanyScope | null;
  }
}

/** Resolves the company scope for every route under /companies/id/:companyId, before any handler runs. */
export function companyScopeHook(ctx: KernelContext) {
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
