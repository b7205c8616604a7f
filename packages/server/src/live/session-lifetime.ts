import { decodeJwt } from "jose";
import { restrictionFor } from "../kernel/auth/restrictions.ts";
import type { Clock } from "../kernel/config.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError } from "../kernel/errors.ts";
import type { SessionEvent } from "../kernel/session-events.ts";
import { loadPrincipal, type Principal } from "../kernel/tenancy/principal.ts";
import { type CompanyScope, resolveCompanyScope } from "../kernel/tenancy/scope.ts";

/** Close codes of the live channel when its session ends (4000-4999 are the application's own). */
export const SESSION_CLOSE = {
  /** The access token expired and no fresh one came with an `accessToken` message. */
  expired: { code: 4401, reason: "token.expired" },
  /** The user was deleted or signed out. */
  ended: { code: 4401, reason: "session.ended" },
  /** The user may no longer see what the channel is bound to (role, groups, restrictions). */
  forbidden: { code: 4403, reason: "forbidden" },
} as const;

export type SessionClose = (typeof SESSION_CLOSE)[keyof typeof SESSION_CLOSE];

/** When a verified access token stops being valid, in ms (its `exp`); null if it carries none. */
export function tokenExpiry(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === "number" ? exp * 1000 : null;
}

/** Whether an event concerns a channel of this user, bound (or not) to this company. */
export function concerns(event: SessionEvent, principal: Principal, boundCompanyId: number | null): boolean {
  if (event.kind === "companyChanged")
    return principal.companyId === event.companyId || boundCompanyId === event.companyId;
  if (event.kind === "loggedOut") return principal.userId === event.userId;
  if (event.kind === "sessionsEnded")
    return principal.sessionId !== undefined && event.sessionIds.includes(principal.sessionId);
  return event.userIds.includes(principal.userId);
}

export type Recheck =
  | { keep: false; close: SessionClose }
  | { keep: true; principal: Principal; scope: CompanyScope | null };

/**
 * Looks at the user again after a session event: gone or signed out ends the channel; restricted or no longer
 * allowed into the bound company closes it as forbidden; otherwise the fresh principal and scope replace the
 * old ones, so a changed role or group list applies from the next message on.
 */
export async function recheckSession(
  db: Queryable,
  clock: Clock,
  event: SessionEvent,
  current: { principal: Principal; companyId: number | null; ip: string },
): Promise<Recheck> {
  if (event.kind === "loggedOut" || event.kind === "sessionsEnded")
    return { keep: false, close: SESSION_CLOSE.ended };
  const loaded = await loadPrincipal(db, current.principal.userId);
  if (!loaded) return { keep: false, close: SESSION_CLOSE.ended };
  const principal = { ...loaded, sessionId: current.principal.sessionId };
  const restriction = restrictionFor(principal.restrictions, principal.companyRestrictions, {
    ts: clock.now(),
    timeZone: principal.timezone,
    ip: current.ip,
  });
  if (restriction || principal.companyBlocked) return { keep: false, close: SESSION_CLOSE.forbidden };
  if (current.companyId === null) return { keep: true, principal, scope: null };
  try {
    return { keep: true, principal, scope: await resolveCompanyScope(db, principal, current.companyId) };
  } catch (error) {
    if (error instanceof ApiError) return { keep: false, close: SESSION_CLOSE.forbidden };
    throw error;
  }
}
