import {
  API_ERROR,
  DAY_MS,
  expiredPasswordDescription,
  LOGIN_FAIL_LIST_MAX,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  type LoginHistory,
  type UserRestrictions,
} from "@vigia/domain";
import { burnPasswordCheck, verifyPassword } from "../kernel/auth/passwords.ts";
import { restrictionFor } from "../kernel/auth/restrictions.ts";
import type { KernelContext } from "../kernel/context.ts";
import { ApiError, unauthorized } from "../kernel/errors.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";

export type LoginChannel = "front" | "app";

/** Failures counted for the lockout: those inside the window and after the last success. */
async function recentFailures(ctx: KernelContext, email: string): Promise<number> {
  const since = ctx.clock.now() - LOGIN_FAILURE_WINDOW_MS;
  const rows = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from login_attempts
     where lower(email) = lower($1) and not ok and ts > $2
       and ts > coalesce((select max(ts) from login_attempts where lower(email) = lower($1) and ok), 0)`,
    [email, since],
  );
  return rows[0]?.n ?? 0;
}

async function recordAttempt(ctx: KernelContext, email: string, ip: string, ok: boolean): Promise<void> {
  await ctx.db.query("insert into login_attempts (email, ip, ts, ok) values ($1, $2, $3, $4)", [
    email,
    ip,
    ctx.clock.now(),
    ok,
  ]);
}

/** A successful sign-in moves last → prev and attaches the failures seen since the previous success. */
export function nextLoginHistory(
  history: LoginHistory,
  channel: LoginChannel,
  entry: { ts: number; ip: string },
  pendingFails: { ip: string; ts: number }[],
): LoginHistory {
  const current = history[channel];
  return {
    ...history,
    [channel]: { prev: current.last, last: { ...entry, fail: pendingFails.slice(-LOGIN_FAIL_LIST_MAX) } },
  };
}

export function passwordExpired(
  row: Pick<UserRow, "password_changed_ts">,
  days: number | null,
  now: number,
): boolean {
  if (days === null) return false;
  return (row.password_changed_ts ?? 0) + days * DAY_MS <= now;
}

/**
 * Checks credentials and every sign-in rule, in the order the client expects: lockout (429),
 * credentials (401), expired password (401 with days), access restrictions (403).
 */
export async function authenticate(
  ctx: KernelContext,
  input: { username: string; password: string; channel: LoginChannel; ip: string },
): Promise<UserRow> {
  const { username, password, channel, ip } = input;
  if ((await recentFailures(ctx, username)) >= LOGIN_MAX_FAILURES)
    throw new ApiError(429, API_ERROR.tooManyTries);

  const rows = await ctx.db.query<
    UserRow & { password_expiration_days: number | null; company_restrictions: UserRestrictions | null }
  >(
    `select u.*, c.password_expiration_days, c.restrictions as company_restrictions
     from users u left join companies c on c.id = u.company_id where lower(u.email) = lower($1)`,
    [username],
  );
  const row = rows[0];
  let ok = false;
  if (row) ok = await verifyPassword(row.password_hash, password);
  else await burnPasswordCheck(password);
  if (!row || !ok) {
    await recordAttempt(ctx, username, ip, false);
    if (row) {
      await ctx.db.query(
        `update users set pending_fails = jsonb_set(pending_fails, $2::text[], (pending_fails->$3) || $4::jsonb) where id = $1`,
        [row.id, `{${channel}}`, channel, JSON.stringify([{ ip, ts: ctx.clock.now() }])],
      );
    }
    throw unauthorized(API_ERROR.wrongCredentials);
  }
  const now = ctx.clock.now();
  if (passwordExpired(row, row.password_expiration_days, now)) {
    throw unauthorized(expiredPasswordDescription(row.password_expiration_days ?? 0));
  }
  const restriction = restrictionFor(row.restrictions, row.company_restrictions, {
    ts: now,
    timeZone: row.timezone,
    ip,
  });
  if (restriction) throw new ApiError(403, restriction);

  await recordAttempt(ctx, username, ip, true);
  const login = nextLoginHistory(row.login, channel, { ts: now, ip }, row.pending_fails[channel] ?? []);
  await ctx.db.query(
    `update users set login = $2, pending_fails = jsonb_set(pending_fails, $3::text[], '[]'::jsonb) where id = $1`,
    [row.id, login, `{${channel}}`],
  );
  return { ...row, login };
}
