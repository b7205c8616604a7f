import { type CostValues, type CsvRowError, type ImportResult, validateCostRow } from "@vigia/domain";
import { parseCsv } from "../imports/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { insertCosts } from "./store.ts";

/** Lower-case plate and name → id of the company's items the caller may use (its groups for scoped users). */
async function itemIndex(
  ctx: KernelContext,
  scope: CompanyScope,
  table: "vehicles" | "drivers" | "assets",
): Promise<Map<string, number>> {
  const nameColumns = table === "vehicles" ? "plate, name" : "name, name as plate";
  const rows = await ctx.db.query<{ id: number; plate: string; name: string; group_id: number | null }>(
    `select id, ${nameColumns}, group_id from ${table} where company_id = $1 order by id desc`,
    [scope.companyId],
  );
  const index = new Map<string, number>();
  for (const row of rows) {
    const visible =
      scope.groupIds === null ||
      (row.group_id === null ? table === "drivers" : scope.groupIds.includes(row.group_id));
    if (!visible) continue;
    if (row.name) index.set(row.name.toLowerCase(), row.id);
    if (row.plate) index.set(row.plate.toLowerCase(), row.id);
  }
  return index;
}

/**
 * POST companies/id/{cid}/costs/import: every line is checked against the rules and the
 * company's items. Without commit nothing is written; with commit all valid lines go in one transaction
 * (one insert statement), so a failure leaves nothing half-done.
 */
export async function importCosts(
  ctx: KernelContext,
  scope: CompanyScope,
  csv: string,
  commit: boolean,
): Promise<ImportResult> {
  const { rows, errors } = parseCsv("costs", csv);
  const context = {
    vehicles: await itemIndex(ctx, scope, "vehicles"),
    drivers: await itemIndex(ctx, scope, "drivers"),
    assets: await itemIndex(ctx, scope, "assets"),
  };
  const rowErrors: CsvRowError[] = [...errors];
  const valid: { line: number; value: CostValues }[] = [];
  for (const row of rows) {
    const result = validateCostRow(row.cells, context);
    if (result.ok) valid.push({ line: row.line, value: result.value });
    else rowErrors.push({ line: row.line, errors: result.errors });
  }
  rowErrors.sort((a, b) => a.line - b.line);
  const keyOf = new Map(rows.map((r) => [r.line, r.cells[0] ?? ""]));
  const result: ImportResult = {
    committed: false,
    total: rows.length + errors.length,
    valid: valid.length,
    errors: rowErrors,
    inserted: [],
    updated: [],
    notInserted: rowErrors.map((e) => ({ line: e.line, key: keyOf.get(e.line) ?? "", errors: e.errors })),
  };
  if (!commit || valid.length === 0) return result;
  const ids = await ctx.db.transaction(async (tx) => {
    const inserted = await insertCosts(
      tx,
      scope.companyId,
      valid.map((v) => v.value),
      ctx.clock.now(),
    );
    await recordAudit(
      ctx,
      scope.principal,
      {
        companyId: scope.companyId,
        action: "import",
        entity: "cost",
        entityId: "",
        data: { count: inserted.length },
      },
      tx,
    );
    return inserted;
  });
  return { ...result, committed: true, inserted: valid.map((v, i) => `${v.value.name} #${ids[i] ?? ""}`) };
}
