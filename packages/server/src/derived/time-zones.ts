import type { Queryable } from "../kernel/db/database.ts";
import { companySiteId } from "../kernel/links.ts";

const TTL_MS = 5 * 60_000;

/** A valid IANA zone, or UTC: a bad stored value must not stop derivation. */
function checked(tz: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

/**
 * Each company's time zone, kept a few minutes (a changed setting shows within them). `app/services.ts` builds
 * the one instance of a platform and hands it to what needs the company's local day.
 */
export class TimeZoneCache {
  private readonly byCompany = new Map<number, { tz: string; at: number }>();

  constructor(private readonly db: Queryable) {}

  async get(companyId: number, now: number): Promise<string> {
    const hit = this.byCompany.get(companyId);
    if (hit && now - hit.at < TTL_MS) return hit.tz;
    const tz = await readCompanyTimeZone(this.db, companyId);
    this.byCompany.set(companyId, { tz, at: now });
    return tz;
  }
}

/** The company's time zone (its local days are the daily aggregates' days; UTC when unknown), read now. */
export async function readCompanyTimeZone(db: Queryable, companyId: number): Promise<string> {
  // Companies have no zone column: their own setting when one is stored, else their site's zone.
  const rows = await db.query<{ timezone: string | null }>(
    "select coalesce(conf->'general'->>'timezone', conf->>'timezone') as timezone from companies where id = $1",
    [companyId],
  );
  let zone = rows[0]?.timezone ?? null;
  if (zone === null && rows.length > 0) {
    // The company's brand, inherited up its reseller tree (kernel/links.ts), sets the zone it has no own for.
    const siteId = await companySiteId(db, companyId);
    const sites = await db.query<{ timezone: string }>(
      "select timezone from sites where id = $1 or id = (select min(id) from sites) order by (id = $1) desc limit 1",
      [siteId ?? 0],
    );
    zone = sites[0]?.timezone ?? null;
  }
  return checked(zone ?? "UTC");
}
