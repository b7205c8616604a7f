import type { Queryable } from "../db/database.ts";
import { userSiteId } from "../links.ts";

/** The host part of a Host header: lower case, without the port. */
export const hostName = (hostHeader: string | undefined): string =>
  (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");

/**
 * The one rule of which hosts an account may use, asked at sign-in, at token refresh and on every request that
 * carries an access token: a brand's host serves only the accounts that carry that brand (their company's
 * reseller's, or for reseller staff their own reseller's, inherited up the tree); the platform's own host,
 * and any host no brand claims, serves everyone. `enforced` false (VIGIA_BRAND_SIGN_IN=any) lets every account
 * use every host.
 */
export async function isWrongBrandHost(
  db: Queryable,
  enforced: boolean,
  userId: number,
  hostHeader: string | undefined,
): Promise<boolean> {
  if (!enforced) return false;
  // Hosts of the platform's own site (the first) are left out: they serve every account.
  const rows = await db.query<{ site_id: number }>(
    "select site_id from site_hosts where host = $1 and site_id <> (select min(id) from sites)",
    [hostName(hostHeader)],
  );
  const hostSite = rows[0]?.site_id;
  if (hostSite === undefined) return false;
  return (await userSiteId(db, userId)) !== hostSite;
}
