import { REQUIRE_TOTP_SQL, TOTP_POLICY_JOINS, type TotpAccount } from "../kernel/auth/totp.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";
import type { CompanyScope, ResellerScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

export type Account = TotpAccount & { company_id: number | null; reseller_id: number | null };

/** The signed-in user's two-factor state, with whether their company or a reseller above requires it. */
export async function loadAccount(db: Queryable, userId: number): Promise<Account> {
  const rows = await db.query<Account>(
    `select u.id, u.email, u.totp_secret, u.totp_pending, u.totp_last_step, u.company_id, u.reseller_id,
       ${REQUIRE_TOTP_SQL} as require_totp
     from users u ${TOTP_POLICY_JOINS}
     where u.id = $1`,
    [userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Turns the user's authenticator off (the secret and any pending enrolment go). */
export async function clearTotp(db: Queryable, userId: number): Promise<void> {
  await db.query("update users set totp_secret = null, totp_pending = null where id = $1", [userId]);
}

type Company = Pick<CompanyScope, "companyId">;

export async function companyRequiresTotp(db: Queryable, scope: Company): Promise<boolean> {
  const rows = await companyQuery(
    db,
    scope,
  )<{ require_totp: boolean }>("select require_totp from companies where id = $1");
  return rows[0]?.require_totp ?? false;
}

export async function setCompanyRequiresTotp(
  db: Queryable,
  scope: Company,
  required: boolean,
): Promise<void> {
  await companyQuery(db, scope)("update companies set require_totp = $2 where id = $1", [required]);
}

/** The company's users who have no authenticator yet. */
export async function companyUsersWithoutTotp(db: Queryable, scope: Company): Promise<number[]> {
  const rows = await companyQuery(
    db,
    scope,
  )<{ id: number }>("select id from users where company_id = $1 and totp_secret is null");
  return rows.map((r) => r.id);
}

type Reseller = Pick<ResellerScope, "resellerId">;

export async function resellerRequiresTotp(db: Queryable, scope: Reseller): Promise<boolean> {
  const rows = await db.query<{ require_totp: boolean }>("select require_totp from resellers where id = $1", [
    scope.resellerId,
  ]);
  return rows[0]?.require_totp ?? false;
}

export async function setResellerRequiresTotp(
  db: Queryable,
  scope: Reseller,
  required: boolean,
): Promise<void> {
  await db.query("update resellers set require_totp = $2 where id = $1", [scope.resellerId, required]);
}
