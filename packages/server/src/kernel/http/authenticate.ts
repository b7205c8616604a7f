import type { FastifyRequest } from "fastify";
import { restrictionFor } from "../auth/restrictions.ts";
import { authenticateAccessToken, bearer } from "../auth/tokens.ts";
import type { KernelContext } from "../context.ts";
import { ApiError, unauthorized } from "../errors.ts";
import { loadPrincipal, type Principal } from "../tenancy/principal.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Resolves the caller from the Bearer token and enforces the access restrictions on every request. */
export function authenticateRequest(ctx: KernelContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const { userId } = await authenticateAccessToken(
      ctx.db,
      ctx.jwtKey,
      ctx.clock,
      bearer(request.headers.authorization),
    );
    const principal = await loadPrincipal(ctx.db, userId);
    if (!principal) throw unauthorized("user.unknown");
    const restriction = restrictionFor(principal.restrictions, principal.companyRestrictions, {
      ts: ctx.clock.now(),
      timeZone: principal.timezone,
      ip: request.ip,
    });
    if (restriction) throw new ApiError(403, restriction);
    request.principal = principal;
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
