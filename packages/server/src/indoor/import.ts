import {
  type Beacon,
  beaconInputSchema,
  type ImportRow,
  type ImportRowError,
  type PlacesImportResult,
} from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import { type BeaconValues, insertBeacon, listMaps, uuidTaken } from "./store.ts";

const text = (v: ImportRow[string]): string => (v === null || v === undefined ? "" : String(v).trim());
const num = (v: ImportRow[string]): number | undefined => {
  const t = text(v).replace(",", ".");
  return t === "" ? undefined : Number(t);
};

/**
 * Beacon rows of a CSV (name, uuid, type, map, measuredPower, n, height, lat, lng), checked like the geometry
 * imports: a dry run unless `commit`, then the valid rows in one transaction. `map` is an indoor map's name or id.
 */
export async function importBeacons(
  ctx: KernelContext,
  companyId: number,
  rows: ImportRow[],
  commit: boolean,
): Promise<PlacesImportResult<Beacon>> {
  const maps = Object.values(await listMaps(ctx.db, companyId));
  const errors: ImportRowError[] = [];
  const notInserted: PlacesImportResult<Beacon>["notInserted"] = [];
  const valid: { row: number; value: BeaconValues }[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const rowErrors: ImportRowError[] = [];
    const mapText = text(row.map);
    const map = maps.find((m) => String(m.id) === mapText || m.name.toLowerCase() === mapText.toLowerCase());
    if (mapText !== "" && !map) rowErrors.push({ row: index, field: "map", error: "indoor.mapUnknown" });
    const parsed = beaconInputSchema.safeParse({
      name: text(row.name),
      uuid: text(row.uuid),
      type: text(row.type) || undefined,
      indoorMapId: map?.id ?? null,
      measuredPower: num(row.measuredPower),
      n: num(row.n),
      height: num(row.height),
      lat: num(row.lat) ?? Number.NaN,
      lng: num(row.lng) ?? Number.NaN,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        rowErrors.push({ row: index, field: String(issue.path[0] ?? "row"), error: issue.message });
    if (parsed.success) {
      const key = parsed.data.uuid.toLowerCase();
      if (seen.has(key) || (await uuidTaken(ctx.db, companyId, parsed.data.uuid, null)))
        rowErrors.push({ row: index, field: "uuid", error: "beacon.uuidTaken" });
      seen.add(key);
    }
    if (rowErrors.length > 0 || !parsed.success) {
      errors.push(...rowErrors);
      notInserted.push({ row: index, name: text(row.name), errors: rowErrors });
      continue;
    }
    valid.push({ row: index, value: parsed.data });
  }
  if (!commit || valid.length === 0) return { errors, inserted: [], notInserted, valid: valid.length };
  const now = ctx.clock.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const out: Beacon[] = [];
    for (const v of valid) out.push(await insertBeacon(tx, companyId, v.value, now));
    return out;
  });
  return { errors, inserted, notInserted, valid: valid.length };
}
