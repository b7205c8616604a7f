import type { PlatformLogRow } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

export interface PlatformLogFilter {
  from: number;
  to: number;
  /** Only this action, when given. */
  action: string | null;
  /** Part of the user's e-mail or of the company name, when given. */
  q: string | null;
  limit: number;
}

/**
 * Every tenant's audit lines, newest first, with the company and reseller names. Unscoped on purpose: only the
 * super reseller reads it, which the route checks before calling.
 */
export function platformLog(db: Queryable, filter: PlatformLogFilter): Promise<PlatformLogRow[]> {
  return db.query<PlatformLogRow>(
    `select a.id::text as id, a.ts::float8 as ts, a.user_email as "userEmail", a.action, a.entity,
       a.entity_id as "entityId", a.company_id as "companyId", coalesce(c.name, '') as "companyName",
       coalesce(r.name, rc.name, '') as "resellerName", a.data
     from audit_log a left join companies c on c.id = a.company_id
       left join resellers r on r.id = a.reseller_id left join resellers rc on rc.id = c.reseller_id
     where a.ts between $1 and $2 and ($3::text is null or a.action = $3)
       and ($4::text is null or a.user_email ilike '%' || $4 || '%' or c.name ilike '%' || $4 || '%')
     order by a.ts desc, a.id desc limit $5`,
    [filter.from, filter.to, filter.action, filter.q, filter.limit],
  );
}
