import { API_ERROR, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "@vigia/domain";
import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../errors.ts";

/**
 * One throttle for every route that checks a password or sends a password link (sign-in, expired and own
 * password change, reset requests). It counts failures in `login_attempts` on three keys so that nobody can
 * lock an owner out from elsewhere:
 * - address + account: the spec's lockout, five failures in fifteen minutes from one address;
 * - address: many failures over any accounts (password spraying, reset-mail flooding);
 * - account: failures from every address together, past a higher threshold, cost an exponentially growing
 *   wait — but only for the addresses that took part in them. An address that has not failed on the account
 *   since its last success, or from which the owner signed in before, is never slowed by the others' failures:
 *   a stranger who keeps failing cannot keep the owner out, whatever the timing.
 * A successful check or a new password ends the account's count. Reset links are also capped per account, so
 * many addresses together cannot flood one mailbox.
 */
export const THROTTLE = {
  pairMax: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  addressMax: 50,
  accountMax: 10,
  accountWindowMs: 60 * 60_000,
  accountBaseDelayMs: 60_000,
  accountMaxDelayMs: 15 * 60_000,
  /** How long a successful sign-in from an address keeps that address trusted for the account. */
  trustedAddressMs: 90 * 24 * 60 * 60_000,
  resetMaxPerAccount: 3,
  resetWindowMs: 60 * 60_000,
} as const;

export interface ThrottleKey {
  email: string;
  ip: string;
}

interface Counts {
  pair: number;
  address: number;
  account: number;
  last_account: number | null;
  /** Failures from this address on this account within the account window, since the last success. */
  pair_account: number;
  resets: number;
  trusted: boolean;
}

/** How long the account must wait after `failures` failures ending at `lastTs`; 0 below the threshold. */
export function accountDelayMs(failures: number): number {
  if (failures < THROTTLE.accountMax) return 0;
  return Math.min(
    THROTTLE.accountMaxDelayMs,
    THROTTLE.accountBaseDelayMs * 2 ** (failures - THROTTLE.accountMax),
  );
}

/**
 * Throws 429 `too many tries` when any of the three keys is over its limit. `reset` checks the address and the
 * account's count of reset links (whether or not the account exists, so the answer tells nothing).
 */
export async function checkThrottle(
  db: Queryable,
  clock: Clock,
  key: ThrottleKey,
  scope: "password" | "reset" = "password",
): Promise<void> {
  const now = clock.now();
  const windowStart = now - THROTTLE.windowMs;
  const accountStart = now - THROTTLE.accountWindowMs;
  const rows = await db.query<Counts>(
    `with since as (
       select coalesce(max(id), 0) as id from login_attempts where lower(email) = lower($1) and ok
     )
     select
       count(*) filter (where not ok and lower(email) = lower($1) and ip = $2 and kind = 'password' and ts > $3
                          and id > (select id from since))::int as pair,
       count(*) filter (where not ok and ip = $2 and ts > $3)::int as address,
       count(*) filter (where not ok and lower(email) = lower($1) and kind = 'password' and ts > $4
                          and id > (select id from since))::int as account,
       max(ts) filter (where not ok and lower(email) = lower($1) and kind = 'password' and ts > $4
                         and id > (select id from since)) as last_account,
       count(*) filter (where not ok and lower(email) = lower($1) and ip = $2 and kind = 'password' and ts > $4
                          and id > (select id from since))::int as pair_account,
       count(*) filter (where kind = 'reset' and lower(email) = lower($1) and ts > $6)::int as resets,
       coalesce(bool_or(ok and kind = 'password' and lower(email) = lower($1) and ip = $2 and ts > $5), false)
         as trusted
     from login_attempts
     where ts > least($3, $4, $5, $6) and (lower(email) = lower($1) or ip = $2)`,
    [
      key.email,
      key.ip,
      windowStart,
      accountStart,
      now - THROTTLE.trustedAddressMs,
      now - THROTTLE.resetWindowMs,
    ],
  );
  const counts = rows[0];
  if (!counts) return;
  if (counts.address >= THROTTLE.addressMax) throw new ApiError(429, API_ERROR.tooManyTries);
  if (scope === "reset") {
    if (counts.resets >= THROTTLE.resetMaxPerAccount) throw new ApiError(429, API_ERROR.tooManyTries);
    return;
  }
  if (counts.pair >= THROTTLE.pairMax) throw new ApiError(429, API_ERROR.tooManyTries);
  if (counts.trusted || counts.pair_account === 0) return;
  const delay = accountDelayMs(counts.account);
  if (delay > 0 && counts.last_account !== null && now < Number(counts.last_account) + delay)
    throw new ApiError(429, API_ERROR.tooManyTries);
}

/**
 * The account's failures since its last success within the account window, when they have just reached the
 * threshold at which the account is slowed down: the moment to tell the owner, once per attack.
 */
export async function accountUnderAttack(
  db: Queryable,
  clock: Clock,
  email: string,
): Promise<string[] | null> {
  const rows = await db.query<{ ip: string }>(
    `select ip from login_attempts
     where not ok and kind = 'password' and lower(email) = lower($1) and ts > $2
       and id > (select coalesce(max(id), 0) from login_attempts where lower(email) = lower($1) and ok)
     order by id`,
    [email, clock.now() - THROTTLE.accountWindowMs],
  );
  if (rows.length !== THROTTLE.accountMax) return null;
  return [...new Set(rows.map((r) => r.ip))];
}

async function record(
  db: Queryable,
  clock: Clock,
  key: ThrottleKey,
  kind: "password" | "reset" | "cleared",
  ok: boolean,
): Promise<void> {
  await db.query("insert into login_attempts (email, ip, ts, ok, kind) values ($1, $2, $3, $4, $5)", [
    key.email,
    key.ip,
    clock.now(),
    ok,
    kind,
  ]);
}

/** A password that did not match (or an account that does not exist, or one the route must not reveal). */
export const recordFailure = (db: Queryable, clock: Clock, key: ThrottleKey) =>
  record(db, clock, key, "password", false);

/** A password that matched: the account's count starts again. */
export const recordSuccess = (db: Queryable, clock: Clock, key: ThrottleKey) =>
  record(db, clock, key, "password", true);

/** A reset-link request: counts towards the address only, so requests cannot lock the account. */
export const recordResetRequest = (db: Queryable, clock: Clock, key: ThrottleKey) =>
  record(db, clock, key, "reset", false);

/** The password was set: every failure counted against the account so far is forgotten. */
export const clearAccount = (db: Queryable, clock: Clock, key: ThrottleKey) =>
  record(db, clock, key, "cleared", true);
