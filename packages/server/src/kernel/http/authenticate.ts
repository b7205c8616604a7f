import { API_ERROR, BRAND_ERROR } from "@vigia/domain";
import type { FastifyRequest } from "fastify";
import { authenticateApiKey, isApiKey } from "../auth/api-keys.ts";
import { isWrongBrandHost } from "../auth/brand-host.ts";
import { restrictionFor } from "../auth/restrictions.ts";
import { authenticateAccessToken, bearer } from "../auth/tokens.ts";
import type { KernelContext } from "../context.ts";
import { ApiError, forbidden, unauthorized } from "../errors.ts";
import { loadPrincipal, type Principal } from "../tenancy/principal.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Resolves the caller from the Bearer token and enforces the access restrictions on every request. */
export function authenticateRequest(ctx: KernelContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request.headers.authorization);
    const principal = isApiKey(token)
      ? await apiKeyPrincipal(ctx, request, token)
      : await userPrincipal(ctx, token, request.host);
    if (!principal) throw unauthorized("user.unknown");
    const restriction = restrictionFor(principal.restrictions, principal.companyRestrictions, {
      ts: ctx.clock.now(),
      timeZone: principal.timezone,
      ip: request.ip,
    });
    if (restriction) throw new ApiError(403, restriction);
    if (
      principal.companyBlocked &&
      !OPEN_WHEN_BLOCKED.has(`${request.method} ${request.routeOptions.url ?? ""}`)
    )
      throw forbidden(API_ERROR.companyBlocked);
    request.principal = principal;
  };
}

/**
 * What the users of a suspended or deactivated company may still call: who they are and their company's state,
 * so the web shows the blocked-company modal whose only way out is signing out. Everything else is refused.
 */
const OPEN_WHEN_BLOCKED = new Set(["GET /fr/v1/current/user", "GET /fr/v1/companies/id/:companyId/info"]);

/**
 * The signed-in user an access token names, for HTTP requests and the live channel alike: signature, expiry, a
 * session not ended, and a host of the user's brand (a token taken to another brand's host is refused there,
 * as signing in there would have been).
 */
export async function userPrincipal(
  ctx: KernelContext,
  token: string,
  host: string | undefined,
): Promise<Principal | null> {
  const { userId, sessionId } = await authenticateAccessToken(
    ctx.endedSessions,
    ctx.jwtKey,
    ctx.clock,
    token,
  );
  const principal = await loadPrincipal(ctx.db, userId);
  if (principal && (await isWrongBrandHost(ctx.db, ctx.config.brandSignIn, userId, host)))
    throw unauthorized(BRAND_ERROR.wrongBrand);
  return principal && { ...principal, sessionId };
}

/** Where an API key may go: its own company's routes, nothing of the user's own or of resellers. */
const COMPANY_ROUTES = "/fr/v1/companies/id/:companyId/";

async function apiKeyPrincipal(
  ctx: KernelContext,
  request: FastifyRequest,
  token: string,
): Promise<Principal> {
  const principal = await authenticateApiKey(ctx.db, ctx.clock, token, request.ip);
  const { companyId } = request.params as { companyId?: string };
  if (
    !(request.routeOptions.url ?? "").startsWith(COMPANY_ROUTES) ||
    Number(companyId) !== principal.companyId
  )
    throw forbidden("apikey.scope");
  return principal;
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
