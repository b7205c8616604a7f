import {
  type LicensedKind,
  licenceAllowsOneMore,
  licenceExceededDescription,
  licenceTotal,
  licensesSchema,
} from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { conflict, notFound } from "../kernel/errors.ts";

/**
 * Refuses one more vehicle or asset beyond the company's licence with 409 `licence.<kind>;limit:N`. Run inside
 * the create's transaction: the company row is locked first, so two creates racing for the last licence are
 * counted one after the other and only one gets it.
 */
export async function assertLicence(tx: Queryable, companyId: number, kind: LicensedKind): Promise<void> {
  const rows = await tx.query<{ licenses: unknown }>(
    "select licenses from companies where id = $1 for update",
    [companyId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const total = licenceTotal(licensesSchema.parse(row.licenses), kind);
  if (total <= 0) return;
  const table = kind === "vehicles" ? "vehicles" : "assets";
  const [count] = await tx.query<{ n: number }>(
    `select count(*)::int as n from ${table} where company_id = $1`,
    [companyId],
  );
  if (!licenceAllowsOneMore(count?.n ?? 0, total)) throw conflict(licenceExceededDescription(kind, total));
}
