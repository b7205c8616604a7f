import { type SupportAdmin, supportAdminSchema } from "@vigia/domain";
import { z } from "zod";
import type { Queryable } from "../kernel/db/database.ts";

const storedEntry = supportAdminSchema.extend({ companyIds: z.array(z.number()).optional() });
const idsOf = z.array(z.object({ id: z.number() }).passthrough()).catch([]);

/**
 * The reseller's `conf.supports`; an entry of another shape is kept out. An entry saved before assignments
 * existed (no `companyIds`) is assigned where a company's configuration already lists its id.
 */
export async function load(db: Queryable, resellerId: number): Promise<SupportAdmin[]> {
  const rows = await db.query<{ conf: { supports?: unknown } }>("select conf from resellers where id = $1", [
    resellerId,
  ]);
  const companies = await db.query<{ id: number; supports: unknown }>(
    "select id, conf->'supports' as supports from companies where reseller_id = $1",
    [resellerId],
  );
  return z
    .array(z.unknown())
    .catch([])
    .parse(rows[0]?.conf.supports)
    .flatMap((entry) => {
      const parsed = storedEntry.safeParse(entry);
      if (!parsed.success) return [];
      const companyIds =
        parsed.data.companyIds ??
        companies
          .filter((c) => idsOf.parse(c.supports).some((s) => s.id === parsed.data.id))
          .map((c) => c.id);
      return [{ ...parsed.data, companyIds }];
    });
}

/**
 * Saves the reseller's contacts and writes each of its companies' `conf.supports` (what the support panel
 * reads): the contacts assigned to it, without the assignment lists.
 */
export async function save(db: Queryable, resellerId: number, supports: SupportAdmin[]): Promise<void> {
  await db.query(`update resellers set conf = jsonb_set(conf, '{supports}', $2::jsonb) where id = $1`, [
    resellerId,
    JSON.stringify(supports),
  ]);
  const companies = await db.query<{ id: number }>("select id from companies where reseller_id = $1", [
    resellerId,
  ]);
  for (const { id } of companies) {
    const shown = supports
      .filter((s) => s.companyIds.includes(id))
      .map(({ companyIds: _ids, ...contact }) => contact);
    await db.query(`update companies set conf = jsonb_set(conf, '{supports}', $2::jsonb) where id = $1`, [
      id,
      JSON.stringify(shown),
    ]);
  }
}

/** How many of these company ids are the reseller's own. */
export async function countOwnCompanies(
  db: Queryable,
  resellerId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from companies where reseller_id = $1 and id = any($2::int[])",
    [resellerId, ids],
  );
  return rows[0]?.n ?? 0;
}
