import {
  type Geozone,
  type GeozoneValues,
  type ImportRow,
  type ImportRowError,
  type ParsedPlaceRow,
  type PlacesImportResult,
  type Poi,
  type PoiIcon,
  type PoiValues,
  parsePlaceRow,
} from "@vigia/domain";
import { recordAudit } from "../kernel/audit.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { PlacesContext } from "./live.ts";
import { publishGeozones, publishPois } from "./live.ts";
import { insertGeozone, insertPoi } from "./store.ts";

type Insert<T> = (db: Queryable, value: ParsedPlaceRow, group: number | null, now: number) => Promise<T>;

/** Geozone rows of a CSV: checked, and with commit inserted and sent to the open maps. */
export async function importGeozones(
  ctx: PlacesContext,
  scope: CompanyScope,
  rows: ImportRow[],
  commit: boolean,
): Promise<PlacesImportResult<Geozone>> {
  const result = await importPlaces(ctx, scope, "geozone", rows, commit, (db, value, group, now) =>
    insertGeozone(db, scope.companyId, geozoneValues(value, group), now),
  );
  publishGeozones(ctx, scope.companyId, result.inserted);
  return result;
}

/** POI rows of a CSV: checked, and with commit inserted and sent to the open maps. */
export async function importPois(
  ctx: PlacesContext,
  scope: CompanyScope,
  rows: ImportRow[],
  commit: boolean,
): Promise<PlacesImportResult<Poi>> {
  const result = await importPlaces(ctx, scope, "poi", rows, commit, (db, value, group, now) =>
    insertPoi(db, scope.companyId, poiValues(value, group), now),
  );
  if (result.inserted.length > 0) publishPois(ctx, scope.companyId, result.inserted);
  return result;
}

/**
 * Geometry CSV import. Every row is checked first; with commit false nothing is written (a dry run the
 * CSV screen shows before the user confirms). With commit true the valid rows go in one transaction and the
 * invalid ones come back in notInserted. `row` is the 0-based index into the request's rows.
 */
async function importPlaces<T>(
  ctx: PlacesContext,
  scope: CompanyScope,
  kind: "poi" | "geozone",
  rows: ImportRow[],
  commit: boolean,
  insert: Insert<T>,
): Promise<PlacesImportResult<T>> {
  const groups = await groupLookup(ctx, scope);
  const errors: ImportRowError[] = [];
  const notInserted: PlacesImportResult<T>["notInserted"] = [];
  const valid: { row: number; value: ParsedPlaceRow; group: number | null }[] = [];
  rows.forEach((row, index) => {
    const parsed = parsePlaceRow(row, index, kind);
    const rowErrors = [...parsed.errors];
    const group = resolveGroup(String(row.group ?? "").trim(), groups, scope);
    if (typeof group === "string") rowErrors.push({ row: index, field: "group", error: group });
    if (rowErrors.length > 0 || !parsed.value || typeof group === "string") {
      errors.push(...rowErrors);
      notInserted.push({ row: index, name: String(row.name ?? ""), errors: rowErrors });
      return;
    }
    valid.push({ row: index, value: parsed.value, group });
  });
  if (!commit || valid.length === 0) return { errors, inserted: [], notInserted, valid: valid.length };

  const now = ctx.clock.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const out: T[] = [];
    for (const { value, group } of valid) out.push(await insert(tx, value, group, now));
    await recordAudit(
      ctx,
      scope.principal,
      {
        companyId: scope.companyId,
        action: "import",
        entity: kind === "poi" ? "poi" : "geozone",
        data: { inserted: out.length, notInserted: notInserted.length },
      },
      tx,
    );
    return out;
  });
  ctx.zones.invalidate(scope.companyId);
  return { errors, inserted, notInserted, valid: valid.length };
}

function poiValues(v: ParsedPlaceRow, group: number | null): PoiValues {
  return {
    name: v.name,
    lat: v.lat,
    lng: v.lng,
    radius: v.radius ?? 50,
    color: v.color,
    icon: v.icon as PoiIcon,
    group,
    address: v.address,
  };
}

function geozoneValues(v: ParsedPlaceRow, group: number | null): GeozoneValues {
  const common = { name: v.name, color: v.color, group, description: v.description, speedLimit: null };
  return v.points
    ? { ...common, type: "polygon", points: v.points }
    : { ...common, type: "circle", lat: v.lat, lng: v.lng, radius: v.radius ?? 1 };
}

interface GroupLookup {
  ids: Set<number>;
  byName: Map<string, number>;
}

/** The groups a row may name, by id or by name (with duplicate names the last one found wins). */
async function groupLookup(ctx: PlacesContext, scope: CompanyScope): Promise<GroupLookup> {
  const rows = await ctx.db.query<{ id: number; name: string }>(
    "select id, name from groups where company_id = $1 order by id",
    [scope.companyId],
  );
  const usable = rows.filter((g) => scope.groupIds === null || scope.groupIds.includes(g.id));
  const byName = new Map<string, number>();
  for (const g of usable) byName.set(g.name.trim().toLowerCase(), g.id);
  return { ids: new Set(usable.map((g) => g.id)), byName };
}

/** A group id, null for company-wide, or an error key. */
function resolveGroup(text: string, groups: GroupLookup, scope: CompanyScope): number | null | string {
  if (text === "") return scope.groupIds === null ? null : "group.required";
  const byName = groups.byName.get(text.toLowerCase());
  if (byName !== undefined) return byName;
  if (/^\d+$/.test(text) && groups.ids.has(Number(text))) return Number(text);
  return "group.unknown";
}
