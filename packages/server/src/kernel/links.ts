import type { Queryable } from "./db/database.ts";

/**
 * The one place that builds absolute links for mail (password keys, unsubscribe, alarm notices, shared
 * routes). A link always starts with a configured origin, never with a request's `Host` or `X-Forwarded-*`
 * header, so a forged header cannot send a key to another server.
 *
 * The origin of a site is `sites.origin`; a site without one uses the default (first) site's; the default
 * site without one uses `PUBLIC_URL`, and without that the address the server listens on (development).
 * An account's site is its brand: the first site found up its reseller chain (`resellerSiteId`).
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

  /** The name a site's mails and documents carry: its product name, else its name (null: the default site's). */
  async brandName(siteId: number | null): Promise<string> {
    const rows = await this.db.query<{ name: string }>(
      `select coalesce(nullif(product_name, ''), name) as name from sites
       where id = $1 or id = (select min(id) from sites) order by (id = $1) desc limit 1`,
      [siteId ?? 0],
    );
    return rows[0]?.name ?? "Vigia";
  }

  /** The brand name of a user's mails (their company's or reseller's brand, inherited up the tree). */
  async brandNameForUser(userId: number): Promise<string> {
    return this.brandName(await userSiteId(this.db, userId));
  }

  /** The brand name of a company's mails and documents. */
  async brandNameForCompany(companyId: number): Promise<string> {
    return this.brandName(await companySiteId(this.db, companyId));
  }

  /** An absolute link on the site of a user (company users: their company's reseller chain). */
  async forUser(userId: number, path: string): Promise<string> {
    return this.onSite(await userSiteId(this.db, userId), path);
  }

  /** An absolute link on the site of a company (notices that also go to people without an account). */
  async forCompany(companyId: number, path: string): Promise<string> {
    return this.onSite(await companySiteId(this.db, companyId), path);
  }

  private async onSite(siteId: number | null, path: string): Promise<string> {
    return `${await this.origin(siteId)}${path.startsWith("/") ? path : `/${path}`}`;
  }
}

/**
 * The brand (site) a reseller's companies carry: its own, else the nearest one up the reseller tree; null when
 * no reseller of the chain has one (the platform's default site then). Sign-in, mails and links all ask here.
 */
export async function resellerSiteId(db: Queryable, resellerId: number): Promise<number | null> {
  const rows = await db.query<{ site_id: number }>(
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
  return rows[0]?.site_id ?? null;
}

/** The brand of a user: their reseller's (reseller staff) or their company's reseller's. */
export async function userSiteId(db: Queryable, userId: number): Promise<number | null> {
  const rows = await db.query<{ reseller_id: number | null }>(
    `select coalesce(u.reseller_id, c.reseller_id) as reseller_id
     from users u left join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
  const resellerId = rows[0]?.reseller_id ?? null;
  return resellerId === null ? null : resellerSiteId(db, resellerId);
}

/** The brand of a company (its reseller's, inherited up the tree). */
export async function companySiteId(db: Queryable, companyId: number): Promise<number | null> {
  const rows = await db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [
    companyId,
  ]);
  const resellerId = rows[0]?.reseller_id;
  return resellerId === undefined ? null : resellerSiteId(db, resellerId);
}
