import { API_ERROR, isCompanyBlocked, type Role, type UserRestrictions } from "@vigia/domain";
import type { Queryable } from "../db/database.ts";
import { forbidden } from "../errors.ts";
import { roleOf, type UserRow } from "./user-row.ts";

/** Who is calling: resolved once per request from the access token. */
export interface Principal {
  userId: number;
  email: string;
  role: Role;
  readOnly: boolean;
  companyId: number | null;
  resellerId: number | null;
  selectedCompanyId: number | null;
  groupIds: number[];
  timezone: string;
  restrictions: UserRestrictions;
  /** The restrictions of the user's company, which apply on top of the user's own. */
  companyRestrictions: UserRestrictions | null;
  /** Set when the caller is a company API key (userId is then 0: there is no user row). */
  apiKeyId?: number;
  /** The signed-in session (refresh-token family) the call came with; none for an API key. */
  sessionId?: string;
  /** The caller's own company is suspended or deactivated (never set for reseller staff). */
  companyBlocked?: boolean;
}

export async function loadPrincipal(db: Queryable, userId: number): Promise<Principal | null> {
  const rows = await db.query<
    UserRow & { company_restrictions: UserRestrictions | null; company_state: number | null }
  >(
    `select u.*, c.restrictions as company_restrictions, c.state as company_state
     from users u left join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    role: roleOf(row),
    readOnly: row.read_only,
    companyId: row.company_id,
    resellerId: row.reseller_id,
    selectedCompanyId: row.selected_company_id,
    groupIds: row.group_ids,
    timezone: row.timezone,
    restrictions: row.restrictions,
    companyRestrictions: row.company_restrictions,
    companyBlocked: row.company_state !== null && isCompanyBlocked(row.company_state),
  };
}

/** The user behind a write, for columns that reference users: none when the caller is an API key. */
export const actingUserId = (principal: Principal): number | null =>
  principal.apiKeyId === undefined ? principal.userId : null;

/**
 * Refuses a company API key: creating keys (which would outlive revoking the key that made them) and changing how
 * people sign in are for signed-in people only.
 */
export function requirePerson(principal: Principal): void {
  if (principal.apiKeyId !== undefined) throw forbidden(API_ERROR.apiKeyForbidden);
}
