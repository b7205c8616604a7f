import type { Queryable } from "../kernel/db/database.ts";

export interface SiteBranding {
  logoUrl?: string;
  osmTilesUrl?: string;
  mapKeys?: Record<string, string>;
  apps?: {
    apkUrl?: string;
    ipaUrl?: string;
    playStoreUrl?: string;
    appStoreUrl?: string;
    changelog?: string;
  };
  /** Terms of use shown at /useterms; absent: the text shipped with the web client. */
  terms?: string;
}

export interface Site {
  id: number;
  name: string;
  timezone: string;
  branding: SiteBranding;
}

/** Host header → site; unknown hosts get the first (default) site. Ports are ignored. */
export async function siteForHost(db: Queryable, hostHeader: string | undefined): Promise<Site> {
  const host = (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");
  const rows = await db.query<Site>(
    `select s.id, s.name, s.timezone, s.branding from sites s
     left join site_hosts h on h.site_id = s.id and h.host = $1
     order by (h.host is null), s.id limit 1`,
    [host],
  );
  const site = rows[0];
  if (!site) return { id: 0, name: "Vigia", timezone: "Europe/Madrid", branding: {} };
  return site;
}
