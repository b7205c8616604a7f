import type { Queryable } from "../kernel/db/database.ts";

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
    `select coalesce(c.conf->'general'->>'timezone', c.conf->>'timezone', s.timezone) as timezone
     from companies c left join resellers r on r.id = c.reseller_id left join sites s on s.id = r.site_id
     where c.id = $1`,
    [companyId],
  );
  const tz = checked(rows[0]?.timezone ?? "UTC");
  byCompany.set(companyId, { tz, at: now });
  return tz;
}
