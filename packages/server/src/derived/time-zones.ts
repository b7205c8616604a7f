import { type CompanyChanges, localChanges } from "../kernel/company-changes.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { companySiteId } from "../kernel/links.ts";

/**
 * The change that concerns every company at once (a brand's zone, which the companies under it inherit): no
 * company has the id 0, so the cluster signal carries it like any other company's.
 */
export const EVERY_COMPANY = 0;

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
 * Each company's time zone, read once and kept until its company, its reseller tree or a brand changes: the
 * writes call `invalidate`, and every node drops its copy through the cluster signal. `app/services.ts` builds
 * the one instance of a platform and hands it to what needs the company's local day.
 */
export class TimeZoneCache {
  private readonly byCompany = new Map<number, Promise<string>>();
  private readonly dependents: ((companyId: number) => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly changes: CompanyChanges = localChanges,
  ) {
    changes.follow((companyId) => this.forget(companyId));
  }

  get(companyId: number): Promise<string> {
    let entry = this.byCompany.get(companyId);
    if (!entry) {
      entry = readCompanyTimeZone(this.db, companyId);
      // A failed read is not kept: the next caller reads again.
      entry.catch(() => this.byCompany.delete(companyId));
      this.byCompany.set(companyId, entry);
    }
    return entry;
  }

  /**
   * The company's zone may have changed here (its settings or its reseller), or every company's (null: a brand's
   * zone or the reseller tree): drop this node's copy and tell the other nodes.
   */
  invalidate(companyId: number | null): void {
    const id = companyId ?? EVERY_COMPANY;
    this.forget(id);
    this.changes.announce(id);
  }

  /** Drops the company's zone (every company's for `EVERY_COMPANY`), to be read again when next needed. */
  forget(companyId: number): void {
    if (companyId === EVERY_COMPANY) this.byCompany.clear();
    else this.byCompany.delete(companyId);
    for (const dependent of this.dependents) dependent(companyId);
  }

  /**
   * `forget` also runs whenever a zone is dropped (a cache built on top of the zones), with `EVERY_COMPANY` (0)
   * when every company's was.
   */
  onForget(forget: (companyId: number) => void): void {
    this.dependents.push(forget);
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
