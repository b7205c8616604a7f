import {
  API_ERROR,
  DAY_MS,
  expiredPasswordDescription,
  LOGIN_FAIL_LIST_MAX,
  type LoginHistory,
  type UserRestrictions,
} from "@vigia/domain";
import { verifyPassword } from "../kernel/auth/passwords.ts";
import { restrictionFor } from "../kernel/auth/restrictions.ts";
import { checkThrottle, recordFailure, recordSuccess } from "../kernel/auth/throttle.ts";
import { acceptCode, REQUIRE_TOTP_SQL, TOTP_POLICY_JOINS, type TotpAccount } from "../kernel/auth/totp.ts";
import type { KernelContext } from "../kernel/context.ts";
import { ApiError, unauthorized } from "../kernel/errors.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";
import { warnOwnerIfAttacked } from "./attack-mail.ts";
import type { MailingContext } from "./password-keys.ts";

export type LoginChannel = "front" | "app";

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
 * Checks credentials and every sign-in rule, in the order the client expects: throttle (429),
 * credentials (401), expired password (401 with days), access restrictions (403).
 */
export async function authenticate(
  ctx: MailingContext,
  input: { username: string; password: string; channel: LoginChannel; ip: string; otp?: string | undefined },
): Promise<UserRow> {
  const { username, password, channel, ip } = input;
  const key = { email: username, ip };
  await checkThrottle(ctx.db, ctx.clock, key);

  const rows = await ctx.db.query<
    UserRow &
      TotpAccount & { password_expiration_days: number | null; company_restrictions: UserRestrictions | null }
  >(
    `select u.*, c.password_expiration_days, c.restrictions as company_restrictions,
       ${REQUIRE_TOTP_SQL} as require_totp
     from users u ${TOTP_POLICY_JOINS}
     where lower(u.email) = lower($1)`,
    [username],
  );
  const row = rows[0];
  // One argon2 verification either way: an unknown address costs what a wrong password costs.
  const ok = await verifyPassword(row?.password_hash ?? null, password);
  if (!row || !ok) {
    await recordFailure(ctx.db, ctx.clock, key);
    if (row) {
      await ctx.db.query(
        `update users set pending_fails = jsonb_set(pending_fails, $2::text[], (pending_fails->$3) || $4::jsonb) where id = $1`,
        [row.id, `{${channel}}`, channel, JSON.stringify([{ ip, ts: ctx.clock.now() }])],
      );
      await warnOwnerIfAttacked(ctx, row);
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
  await secondFactor(ctx, row, input.otp, key);

  await recordSuccess(ctx.db, ctx.clock, key);
  const login = nextLoginHistory(row.login, channel, { ts: now, ip }, row.pending_fails[channel] ?? []);
  await ctx.db.query(
    `update users set login = $2, pending_fails = jsonb_set(pending_fails, $3::text[], '[]'::jsonb) where id = $1`,
    [row.id, login, `{${channel}}`],
  );
  return { ...row, login };
}

/**
 * The authenticator code, after the password was right. An account with TOTP answers `otp.required` until
 * the code comes; an account whose company or reseller enforces it and that has none answers `otp.setup`
 * (the client then starts the set-up with the same credentials). A wrong code counts as a failed sign-in.
 */
async function secondFactor(
  ctx: KernelContext,
  row: TotpAccount,
  otp: string | undefined,
  key: { email: string; ip: string },
): Promise<void> {
  if (!row.totp_secret && !row.require_totp) return;
  if (!otp) throw unauthorized(row.totp_secret ? API_ERROR.otpRequired : API_ERROR.otpSetupRequired);
  if (!row.totp_secret && !row.totp_pending) throw unauthorized(API_ERROR.otpSetupRequired);
  if (!(await acceptCode(ctx.db, ctx.clock, row, otp))) {
    await recordFailure(ctx.db, ctx.clock, key);
    throw unauthorized(API_ERROR.otpInvalid);
  }
}
