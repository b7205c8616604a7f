import type { AuditLogRow } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/** The company's audit lines between two instants, newest first, at most `limit`. */
export function companyAuditLog(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId">,
  range: { from: number; to: number; limit: number },
): Promise<AuditLogRow[]> {
  return companyQuery(db, scope)<AuditLogRow>(
    `select id::text as id, ts::float8 as ts, user_email as "userEmail", action, entity, entity_id as "entityId", data
     from audit_log where company_id = $1 and ts between $2 and $3 order by ts desc, id desc limit $4`,
    [range.from, range.to, range.limit],
  );
}
