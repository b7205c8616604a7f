import type { FastifyRequest } from "fastify";
import type { KernelContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { type ResellerScope, resolveResellerScope } from "../tenancy/scope.ts";
import { principalOf } from "./authenticate.ts";

declare module "fastify" {
  interface FastifyRequest {
    resellerScope: ResellerScope | null;
  }
}

/** Resolves the reseller subtree for every route under /resellers/id/:resellerId, before any handler runs. */
export function resellerScopeHook(ctx: KernelContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const { resellerId } = request.params as { resellerId?: string };
    request.resellerScope = await resolveResellerScope(ctx.db, principalOf(request), Number(resellerId));
  };
}

export function resellerScopeOf(request: FastifyRequest): ResellerScope {
  if (!request.resellerScope) throw notFound();
  return request.resellerScope;
}
