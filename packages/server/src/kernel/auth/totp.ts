import { generateSecret, generateURI, verify } from "otplib";
import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";

/** The issuer name authenticator apps show next to the account. */
const ISSUER = "Vigia";
/** One step either way: a phone clock 30 s off still signs in. */
const TOLERANCE_S = 30;

export interface TotpAccount {
  id: number;
  email: string;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number | string | null;
  require_totp?: boolean | null;
}

/**
 * Whether an account must sign in with a code: its company enforces it, or a reseller enforces it anywhere
 * on the chain above the account's reseller (for the reseller's staff) or above its company's reseller (for
 * every user of that company). The chain is walked up, so a reseller's policy also covers its sub-resellers,
 * their staff and their companies, however deep the tree. Used with `from users u` followed by
 * `TOTP_POLICY_JOINS`.
 */
export const REQUIRE_TOTP_SQL = `(coalesce(c.require_totp, false) or exists (
    with recursive up (id, parent_id, require_totp) as (
      select id, parent_id, require_totp from resellers where id in (u.reseller_id, c.reseller_id)
      union select p.id, p.parent_id, p.require_totp from resellers p join up on p.id = up.parent_id
    ) select 1 from up where up.require_totp))`;
export const TOTP_POLICY_JOINS = "left join companies c on c.id = u.company_id";

export function newEnrolment(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: ISSUER, label: email, secret }) };
}

/**
 * Checks a code against a secret, refusing any time step at or before the last one accepted, so a code seen
 * over someone's shoulder cannot be replayed inside its window. Answers the matched step, or null.
 */
export async function checkCode(
  clock: Clock,
  secret: string,
  code: string,
  lastStep: number | string | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock.now() / 1000),
    epochTolerance: TOLERANCE_S,
    ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Starts (or restarts) a set-up: the pending secret replaces any earlier pending one. */
export async function startEnrolment(
  db: Queryable,
  account: Pick<TotpAccount, "id" | "email">,
): Promise<{ secret: string; uri: string }> {
  const enrolment = newEnrolment(account.email);
  await db.query("update users set totp_pending = $2 where id = $1", [account.id, enrolment.secret]);
  return enrolment;
}

/**
 * Verifies a code for an account: against its secret when enabled, else against the pending secret, which
 * the first good code turns into the account's secret. True when the code was good (and is now spent).
 */
export async function acceptCode(
  db: Queryable,
  clock: Clock,
  account: TotpAccount,
  code: string,
): Promise<boolean> {
  const secret = account.totp_secret ?? account.totp_pending;
  if (!secret) return false;
  const step = await checkCode(clock, secret, code, account.totp_last_step);
  if (step === null) return false;
  // The step only moves forward: two sign-ins racing with the same code cannot both pass.
  const rows = await db.query<{ id: number }>(
    `update users set totp_secret = $2, totp_pending = null, totp_last_step = $3
     where id = $1 and (totp_last_step is null or totp_last_step < $3) returning id`,
    [account.id, secret, step],
  );
  return rows.length === 1;
}
