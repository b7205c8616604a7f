import type { TotpAccount } from "../kernel/auth/totp.ts";
import { REQUIRE_TOTP_SQL, TOTP_POLICY_JOINS } from "../kernel/auth/totp.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";

/** Data access of the routes that need no access token: accounts looked up by their e-mail. */

/** Drops a browser's push endpoint only when it is the user's own. */
export async function dropPushSubscription(db: Queryable, userId: number, endpoint: string): Promise<void> {
  await db.query("delete from push_subscriptions where endpoint = $1 and user_id = $2", [endpoint, userId]);
}

/** The account with this e-mail (any case), as a password-reset mail needs it. */
export async function accountForReset(
  db: Queryable,
  email: string,
): Promise<{ id: number; email: string; language: string } | null> {
  const rows = await db.query<{ id: number; email: string; language: string }>(
    "select id, email, language from users where lower(email) = lower($1)",
    [email],
  );
  return rows[0] ?? null;
}

/** The account with this e-mail and whether its role, company or reseller requires an authenticator. */
export async function accountWithTotpPolicy(
  db: Queryable,
  email: string,
): Promise<(UserRow & TotpAccount) | null> {
  const rows = await db.query<UserRow & TotpAccount>(
    `select u.*, ${REQUIRE_TOTP_SQL} as require_totp
     from users u ${TOTP_POLICY_JOINS}
     where lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** The account with this e-mail and its company's password lifetime (null: none set, or no company). */
export async function accountWithPasswordLifetime(
  db: Queryable,
  email: string,
): Promise<(UserRow & { password_expiration_days: number | null }) | null> {
  const rows = await db.query<UserRow & { password_expiration_days: number | null }>(
    `select u.*, c.password_expiration_days from users u left join companies c on c.id = u.company_id
     where lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}
