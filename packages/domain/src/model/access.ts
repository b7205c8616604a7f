/**
 * Who may call a route: every contract declares one of these levels, the server enforces it before the
 * body is read, and the web offers an action only where the same predicate allows it.
 */
import { canWrite, isAdminOrHigher, isResellerOrHigher, isSubadminOrHigher, type Role } from "./roles.ts";

/**
 * - `public`: no sign-in (login, share pages, device uploads); the route protects itself otherwise.
 * - `user`: any signed-in user of the scope, read-only included (reads, their own profile, notices seen).
 * - `write`: any signed-in user who is not read-only.
 * - `costs`, `tickets`: as `write`, and read-only operators too.
 * - `subadmin`, `admin`: not read-only, and that role or above.
 * - `adminOrSelf`: as `admin`, or anyone on their own user record (the handler limits what they change there).
 * - `reseller`: reseller-level and not read-only.
 * - `resellerOrSelf`: reseller-level, and not read-only unless on their own user record.
 * - `subadminRead`, `adminRead`, `resellerRead`: that role or above, read-only included
 *   (reads, and requests that change nothing such as starting a report).
 */
export const ROUTE_ACCESS = [
  "public",
  "user",
  "write",
  "costs",
  "tickets",
  "subadmin",
  "admin",
  "adminOrSelf",
  "reseller",
  "resellerOrSelf",
  "subadminRead",
  "adminRead",
  "resellerRead",
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export const isRouteAccess = (value: unknown): value is RouteAccess =>
  typeof value === "string" && (ROUTE_ACCESS as readonly string[]).includes(value);

/** What the access decision needs to know about the caller; `null` when nobody is signed in. */
export interface AccessCaller {
  role: Role;
  readOnly: boolean;
  /** The request is about the caller's own user record (only `adminOrSelf` looks at it). */
  self?: boolean;
}

/** Why a caller is refused: not signed in, read-only, or a role below the route's. */
export type AccessDenial = "signIn" | "readOnly" | "forbidden";

const roleCheck: Partial<Record<RouteAccess, (role: Role) => boolean>> = {
  subadmin: isSubadminOrHigher,
  subadminRead: isSubadminOrHigher,
  admin: isAdminOrHigher,
  adminOrSelf: isAdminOrHigher,
  adminRead: isAdminOrHigher,
  reseller: isResellerOrHigher,
  resellerOrSelf: isResellerOrHigher,
  resellerRead: isResellerOrHigher,
};

/** Levels whose role test comes before the read-only one: the reseller area shows other roles nothing. */
const ROLE_FIRST: ReadonlySet<RouteAccess> = new Set(["reseller", "resellerOrSelf", "resellerRead"]);
/** Levels that refuse read-only callers (costs and tickets keep read-only operators, see `canWrite`). */
const WRITES: ReadonlySet<RouteAccess> = new Set([
  "write",
  "subadmin",
  "admin",
  "adminOrSelf",
  "reseller",
  "resellerOrSelf",
]);

/**
 * The reason a caller may not use a route of this access, or `null` when they may. For company write levels a
 * read-only caller learns why (read-only) whatever their role; in the reseller area the role is judged first.
 */
export function accessDenial(access: RouteAccess, caller: AccessCaller | null): AccessDenial | null {
  if (access === "public") return null;
  if (caller === null) return "signIn";
  if (access === "costs" || access === "tickets") return canWrite(caller, access) ? null : "readOnly";
  if (access === "adminOrSelf" && caller.self === true) return null;
  const roleOk = roleCheck[access]?.(caller.role) ?? true;
  if (ROLE_FIRST.has(access) && !roleOk) return "forbidden";
  if (access === "resellerOrSelf" && caller.self === true) return null;
  const writeOk = !WRITES.has(access) || canWrite(caller, "general");
  if (!writeOk) return "readOnly";
  return roleOk ? null : "forbidden";
}

/** Whether a caller may use a route of this access: the one judgement the server and the web share. */
export const allows = (access: RouteAccess, caller: AccessCaller | null): boolean =>
  accessDenial(access, caller) === null;
