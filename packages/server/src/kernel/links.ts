import type { Queryable } from "./db/database.ts";

/**
 * The one place that builds absolute links for mail (password keys, unsubscribe, alarm notices, shared
 * routes). A link always starts with a configured origin, never with a request's `Host` or `X-Forwarded-*`
 * header, so a forged header cannot send a key to another server.
 *
 * The origin of a site is `sites.origin`; a site without one uses the default (first) site's; the default
 * site without one uses `PUBLIC_URL`, and without that the address the server listens on (development).
 * An account's site is the first site found up its reseller chain.
 */
export class SiteLinks {
  private listeningOrigin: string | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly publicUrl: string | null,
  ) {}

  /** Told once the server listens: the last fallback when no origin is configured at all. */
  listening(url: string): void {
    this.listeningOrigin = url;
  }

  /** The origin of a site (or of the default site for null). */
  async origin(siteId: number | null): Promise<string> {
    const rows = await this.db.query<{ id: number; origin: string | null }>(
      "select id, origin from sites where id = $1 or id = (select min(id) from sites) order by (id = $1) desc",
      [siteId ?? 0],
    );
    const own = rows.find((r) => r.id === siteId)?.origin;
    const fallback = rows.find((r) => r.id !== siteId)?.origin;
    const origin = own ?? fallback ?? this.publicUrl ?? this.listeningOrigin ?? "http://localhost:8080";
    return origin.replace(/\/+$/, "");
  }

  /** An absolute link on the site of a user (company users: their company's reseller chain). */
  async forUser(userId: number, path: string): Promise<string> {
    const rows = await this.db.query<{ reseller_id: number | null }>(
      `select coalesce(u.reseller_id, c.reseller_id) as reseller_id
       from users u left join companies c on c.id = u.company_id where u.id = $1`,
      [userId],
    );
    return this.onResellerSite(rows[0]?.reseller_id ?? null, path);
  }

  /** An absolute link on the site of a company (notices that also go to people without an account). */
  async forCompany(companyId: number, path: string): Promise<string> {
    const rows = await this.db.query<{ reseller_id: number }>(
      "select reseller_id from companies where id = $1",
      [companyId],
    );
    return this.onResellerSite(rows[0]?.reseller_id ?? null, path);
  }

  private async onResellerSite(resellerId: number | null, path: string): Promise<string> {
    let siteId: number | null = null;
    if (resellerId !== null) {
      const rows = await this.db.query<{ site_id: number }>(
        `with recursive chain (id, parent_id, site_id, depth) as (
           select id, parent_id, site_id, 0 from resellers where id = $1
           union all
           select r.id, r.parent_id, r.site_id, chain.depth + 1
           from resellers r join chain on r.id = chain.parent_id
           where chain.site_id is null and chain.depth < 32
         )
         select site_id from chain where site_id is not null order by depth limit 1`,
        [resellerId],
      );
      siteId = rows[0]?.site_id ?? null;
    }
    return `${await this.origin(siteId)}${path.startsWith("/") ? path : `/${path}`}`;
  }
}
