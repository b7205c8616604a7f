import { hostName } from "../kernel/auth/brand-host.ts";
import type { Queryable } from "../kernel/db/database.ts";

export interface SiteBranding {
  osmTilesUrl?: string;
  mapKeys?: Record<string, string>;
  apps?: {
    apkUrl?: string;
    ipaUrl?: string;
    playStoreUrl?: string;
    appStoreUrl?: string;
    changelog?: string;
  };
  /** The base map of the brand's companies that chose none; absent or empty: the deployment's default. */
  mapProvider?: string;
  /** Terms of use shown at /useterms; absent: the text shipped with the web client. */
  terms?: string;
}

export interface Site {
  id: number;
  name: string;
  timezone: string;
  branding: SiteBranding;
  /** The brand's images (public links); empty: the product's own. */
  logoUrl: string;
  faviconUrl: string;
  primaryColor: string | null;
  /** The product's name as the brand shows it; empty: the site's name. */
  productName: string;
  /** Whether this is the platform's own site (the first): it serves unknown hosts and accepts every account. */
  isDefault: boolean;
  /** Privacy text and support contacts the terms page shows; empty: not given. */
  privacy: string;
  supportEmail: string;
  supportPhone: string;
}

const SITE_SELECT = `select s.id, s.name, s.timezone, s.branding, s.logo_url as "logoUrl",
  s.favicon_url as "faviconUrl", s.primary_color as "primaryColor", s.product_name as "productName",
  s.id = (select min(id) from sites) as "isDefault", s.privacy, s.support_email as "supportEmail",
  s.support_phone as "supportPhone" from sites s`;

const PLATFORM_SITE: Site = {
  id: 0,
  name: "Vigia",
  timezone: "Europe/Madrid",
  branding: {},
  logoUrl: "",
  faviconUrl: "",
  primaryColor: null,
  productName: "",
  isDefault: true,
  privacy: "",
  supportEmail: "",
  supportPhone: "",
};

/** Host header → site; unknown hosts get the first (default) site. Ports are ignored. */
export async function siteForHost(db: Queryable, hostHeader: string | undefined): Promise<Site> {
  const rows = await db.query<Site>(
    `${SITE_SELECT} left join site_hosts h on h.site_id = s.id and h.host = $1
     order by (h.host is null), s.id limit 1`,
    [hostName(hostHeader)],
  );
  return rows[0] ?? PLATFORM_SITE;
}
