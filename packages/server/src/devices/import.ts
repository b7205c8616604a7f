import {
  type CsvRowError,
  type DeviceCsvRow,
  duplicateLines,
  encodeDeviceId,
  type ImportResult,
  validateDeviceRow,
} from "@vigia/domain";
import { SIM_TYPES } from "../companies/index.ts";
import { parseCsv } from "../imports/index.ts";
import type { ItemsContext } from "../items/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { ResellerScope } from "../kernel/tenancy/scope.ts";
import { deviceTypes } from "./store.ts";

/**
 * POST resellers/id/{rid}/trackers/import: device lines (idImei, description, type, phone, simType). Without
 * commit nothing is written; with commit every valid new identifier is inserted into the reseller's stock in
 * one statement, identifiers already registered are listed as not inserted.
 */
export async function importDevices(
  ctx: ItemsContext,
  scope: ResellerScope,
  csv: string,
  commit: boolean,
): Promise<ImportResult> {
  const { rows, errors } = parseCsv("devices", csv);
  const types = await deviceTypes(ctx.db);
  const simIds = Object.values(SIM_TYPES).map((s) => s.id);
  const rowErrors: CsvRowError[] = [...errors];
  const valid: { line: number; value: DeviceCsvRow }[] = [];
  for (const row of rows) {
    const result = validateDeviceRow(row.cells, types, simIds);
    if (result.ok) valid.push({ line: row.line, value: result.value });
    else rowErrors.push({ line: row.line, errors: result.errors });
  }
  const stored = (v: DeviceCsvRow) => encodeDeviceId(v.typeId, v.deviceId);
  const dups = duplicateLines(valid, stored);
  const existing = new Set(
    (
      await ctx.db.query<{ device_id: string }>(
        "select device_id from devices where device_id = any($1::text[])",
        [valid.map((v) => stored(v.value))],
      )
    ).map((r) => r.device_id),
  );
  const toInsert: DeviceCsvRow[] = [];
  for (const row of valid) {
    if (dups.has(row.line)) rowErrors.push({ line: row.line, errors: ["duplicateInFile"] });
    else if (existing.has(stored(row.value))) rowErrors.push({ line: row.line, errors: ["device.exists"] });
    else toInsert.push(row.value);
  }
  rowErrors.sort((a, b) => a.line - b.line);
  const keyOf = new Map(rows.map((r) => [r.line, r.cells[0] ?? ""]));
  const result: ImportResult = {
    committed: false,
    total: rows.length + errors.length,
    valid: toInsert.length,
    errors: rowErrors,
    inserted: [],
    updated: [],
    notInserted: rowErrors.map((e) => ({ line: e.line, key: keyOf.get(e.line) ?? "", errors: e.errors })),
  };
  if (!commit) return result;

  const now = ctx.clock.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const out =
      toInsert.length === 0
        ? []
        : await tx.query<{ device_id: string; type_id: number }>(
            `insert into devices (device_id, type_id, description, sim, reseller_id, created_ts, updated_ts)
             select i, t, d, jsonb_build_object('phone', ph, 'type', st, 'iccid', '', 'imsi', '', 'apn', ''), $6, $7, $7
             from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[]) as x(i, t, d, ph, st)
             on conflict (device_id) do nothing
             returning device_id, type_id`,
            [
              toInsert.map(stored),
              toInsert.map((v) => v.typeId),
              toInsert.map((v) => v.description),
              toInsert.map((v) => v.sim.phone),
              toInsert.map((v) => v.sim.type),
              scope.resellerId,
              now,
            ],
          );
    await recordAudit(
      ctx,
      scope.principal,
      {
        resellerId: scope.resellerId,
        action: "import",
        entity: "device",
        data: { inserted: out.length, rejected: rowErrors.length },
      },
      tx,
    );
    return out;
  });
  // New identifiers may have been heard already as unknown devices: let the ingest look again.
  ctx.live.itemsChanged(null);
  const byStored = new Map(toInsert.map((v) => [stored(v), v.deviceId]));
  return {
    ...result,
    committed: true,
    inserted: inserted.map((r) => byStored.get(r.device_id) ?? r.device_id),
  };
}
