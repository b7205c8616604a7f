import { type AccessDenial, accessDenial, type RouteAccess } from "@vigia/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError, forbidden, unauthorized } from "../errors.ts";
import type { Principal } from "../tenancy/principal.ts";
import { principalOf } from "./authenticate.ts";

const ownRecordParams = z.object({ id: z.coerce.number().int() });

/** Whether the route's `id` parameter names the caller's own user record (params are not parsed yet). */
function ownRecord(request: FastifyRequest, principal: Principal): boolean {
  const params = ownRecordParams.safeParse(request.params);
  return params.success && params.data.id === principal.userId;
}

const refusal: Record<AccessDenial, () => ApiError> = {
  signIn: () => unauthorized(),
  readOnly: () => new ApiError(403, "read.only"),
  forbidden: () => forbidden(),
};

/**
 * Refuses a caller the route's declared access does not allow. It runs as the route's own onRequest hook, so
 * after the plugins' authentication and tenant-scope hooks and before any other check or the body is read: a
 * caller without the right gets 403 whatever it sent and never learns from a 400 which fields the route expects.
 */
export function routeAccessHook(access: RouteAccess) {
  return async (request: FastifyRequest): Promise<void> => {
    if (access === "public") return;
    const principal = principalOf(request);
    const self = (access === "adminOrSelf" || access === "resellerOrSelf") && ownRecord(request, principal);
    const denial = accessDenial(access, { role: principal.role, readOnly: principal.readOnly, self });
    if (denial !== null) throw refusal[denial]();
  };
}
