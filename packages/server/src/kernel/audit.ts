import type { KernelContext } from "./context.ts";
import type { Queryable } from "./db/database.ts";
import type { Principal } from "./tenancy/principal.ts";

export interface AuditEntry {
  companyId?: number | null;
  resellerId?: number | null;
  action: "create" | "update" | "delete" | "import" | "assign" | "unassign" | "login" | string;
  entity: string;
  entityId?: string;
  data?: Record<string, unknown>;
}

/** Appends one line to the audit log; pass the transaction so the entry commits with the change. */
export async function recordAudit(
  ctx: Pick<KernelContext, "clock" | "db">,
  principal: Principal | null,
  entry: AuditEntry,
  db: Queryable = ctx.db,
): Promise<void> {
  await db.query(
    `insert into audit_log (ts, company_id, reseller_id, user_id, user_email, action, entity, entity_id, data)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      ctx.clock.now(),
      entry.companyId ?? null,
      entry.resellerId ?? null,
      // An API key's principal has no user row (userId 0); its name is in user_email.
      principal?.userId || null,
      principal?.email ?? "",
      entry.action,
      entry.entity,
      entry.entityId ?? "",
      entry.data ?? {},
    ],
  );
}
