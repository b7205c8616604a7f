import { canWrite, isAdminOrHigher, isResellerOrHigher, isSubadminOrHigher } from "@vigia/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError, forbidden } from "../errors.ts";
import type { Principal } from "../tenancy/principal.ts";
import { principalOf } from "./authenticate.ts";

/**
 * Who may use a write route, decided before the body is parsed or validated: a caller without the right
 * gets 403 whatever it sent, and never learns from a 400 which fields the route expects.
 * - `write`: any user who is not read-only;
 * - `subadmin`: not read-only, subadministrator or above (items, devices, places);
 * - `admin`: not read-only, administrator or above (users, groups, alarm rules, company settings);
 * - `reseller`: not read-only, reseller-level (itineraries of a selected company);
 * - `costs`, `tickets`: any user who is not read-only, and read-only operators too (spec 01 §6);
 * - `adminOrSelf`: as `admin`, or anyone on their own record (route parameter `id` is the caller's user id:
 *   the alarm-sound preference of spec 02 §6, which the handler keeps to that one field).
 * The handlers keep their own checks; this table moves the decision in front of validation.
 */
export type WriteAccess = "write" | "subadmin" | "admin" | "reseller" | "costs" | "tickets" | "adminOrSelf";

const ownRecordParams = z.object({ id: z.coerce.number().int() });

/** Whether the route's `id` parameter names the caller's own user record. */
function ownRecord(request: FastifyRequest, principal: Principal): boolean {
  const params = ownRecordParams.safeParse(request.params);
  return params.success && params.data.id === principal.userId;
}

/** `METHOD /fr/v1/path` → access; parameter names do not matter (`:id` and `:alarmId` are the same slot). */
export type WriteAccessTable = Readonly<Record<string, WriteAccess>>;

const routeKey = (method: string, url: string): string => `${method} ${url.replace(/:[A-Za-z0-9_]+/g, ":")}`;

export function checkWriteAccess(principal: Principal, access: WriteAccess): void {
  if (access === "costs" || access === "tickets") {
    if (!canWrite(principal, access)) throw new ApiError(403, "read.only");
    return;
  }
  // Read-only first: a read-only user learns why (read.only) whatever the role.
  if (!canWrite(principal, "general")) throw new ApiError(403, "read.only");
  if (access === "subadmin" && !isSubadminOrHigher(principal.role)) throw forbidden();
  if ((access === "admin" || access === "adminOrSelf") && !isAdminOrHigher(principal.role)) throw forbidden();
  if (access === "reseller" && !isResellerOrHigher(principal.role)) throw forbidden();
}

/**
 * Installs the table on the authenticated part of the API as a preParsing hook: it runs after the
 * authentication and tenant-scope hooks (onRequest) and before the body is read. Every entry must name a
 * registered route, so a renamed path fails at start instead of silently losing its check.
 */
export function installWriteAccess(app: FastifyInstance, table: WriteAccessTable): void {
  const normalised = new Map(
    Object.entries(table).map(([key, access]) => {
      const [method = "", url = ""] = key.split(" ");
      return [routeKey(method, url), access] as const;
    }),
  );
  const seen = new Set<string>();
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      const key = routeKey(method, route.url);
      if (normalised.has(key)) seen.add(key);
    }
  });
  app.addHook("onReady", async () => {
    const missing = [...normalised.keys()].filter((key) => !seen.has(key));
    if (missing.length > 0)
      throw new Error(`write access declared for unknown routes: ${missing.join(", ")}`);
  });
  app.addHook("preParsing", async (request: FastifyRequest, _reply, payload) => {
    const access = normalised.get(routeKey(request.method, request.routeOptions.url ?? ""));
    if (!access) return payload;
    const principal = principalOf(request);
    if (access === "adminOrSelf") {
      if (!ownRecord(request, principal)) checkWriteAccess(principal, "admin");
    } else checkWriteAccess(principal, access);
    return payload;
  });
}
