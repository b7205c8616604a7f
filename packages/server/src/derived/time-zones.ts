import type { Queryable } from "../kernel/db/database.ts";
import { companySiteId } from "../kernel/links.ts";

const TTL_MS = 5 * 60_000;
const cache = new WeakMap<Queryable, Map<number, { tz: string; at: number }>>();

/** A valid IANA zone, or UTC: a bad stored value must not stop derivation. */
function checked(tz: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

/** The company's time zone (its local days are the daily aggregates' days; UTC when unknown), cached a few minutes. */
export async function companyTimeZone(db: Queryable, companyId: number, now: number): Promise<string> {
  let byCompany = cache.get(db);
  if (!byCompany) {
    byCompany = new Map();
    cache.set(db, byCompany);
  }
  const hit = byCompany.get(companyId);
  if (hit && now - hit.at < TTL_MS) return hit.tz;
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
  const tz = checked(zone ?? "UTC");
  byCompany.set(companyId, { tz, at: now });
  return tz;
}
