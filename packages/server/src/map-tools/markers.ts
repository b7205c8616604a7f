import { isAdminOrHigher, type MapMarker, type MapMarkerInput, mapMarkerInputSchema } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { forbidden, notFound } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveState } from "../live/index.ts";

export interface MarkerRow {
  id: number;
  user_id: number | null;
  author: string;
  name: string;
  note: string;
  lat: number;
  lng: number;
  shared: boolean;
  created_ts: string | number;
}

const toMarker = (r: MarkerRow, scope: CompanyScope): MapMarker => ({
  id: r.id,
  name: r.name,
  note: r.note,
  lat: r.lat,
  lng: r.lng,
  shared: r.shared,
  author: r.author,
  mine: r.user_id === scope.principal.userId,
  createdTs: Number(r.created_ts),
});

/** The caller's own markers and the company's shared ones: another user's personal marker is never listed. */
export async function listMarkers(db: Queryable, scope: CompanyScope): Promise<MapMarker[]> {
  const rows = await db.query<MarkerRow>(
    `select * from map_markers where company_id = $1 and (shared or user_id = $2) order by created_ts, id`,
    [scope.companyId, scope.principal.userId],
  );
  return rows.map((r) => toMarker(r, scope));
}

export async function insertMarker(
  db: Queryable,
  scope: CompanyScope,
  input: MapMarkerInput,
  now: number,
): Promise<MapMarker> {
  const v = mapMarkerInputSchema.parse(input);
  // An API key has no user row: its markers belong to the company.
  const userId = scope.principal.userId > 0 ? scope.principal.userId : null;
  const rows = await db.query<MarkerRow>(
    `insert into map_markers (company_id, user_id, author, name, note, lat, lng, shared, created_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      scope.companyId,
      userId,
      scope.principal.email,
      v.name,
      v.note,
      v.lat,
      v.lng,
      v.shared || userId === null,
      now,
    ],
  );
  return toMarker(rows[0] as MarkerRow, scope);
}

/**
 * Deletes a marker the caller sees: its author may always, an administrator may delete a shared one. Another
 * user's personal marker is answered as not found, so its existence is not told.
 */
export async function deleteMarker(db: Queryable, scope: CompanyScope, id: number): Promise<MarkerRow> {
  const rows = await db.query<MarkerRow>(
    "select * from map_markers where id = $1 and company_id = $2 and (shared or user_id = $3)",
    [id, scope.companyId, scope.principal.userId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (row.user_id !== scope.principal.userId && !isAdminOrHigher(scope.principal.role)) throw forbidden();
  await db.query("delete from map_markers where id = $1", [id]);
  return row;
}

/**
 * A marker's change on the live channel (as geozones do): a shared marker reaches every open map of the company,
 * a personal one only its author's. Company-wide (no group), so group-scoped users get shared markers too.
 */
export function publishMarker(
  live: LiveState,
  companyId: number,
  marker: MapMarker,
  authorId: number | null,
): void {
  const { mine: _mine, ...data } = marker;
  live.publish(companyId, [
    {
      itemType: 0,
      itemId: marker.id,
      groupId: null,
      message: { type: "marker", data: { ...data, authorId } },
      ...(marker.shared || authorId === null ? {} : { userId: authorId }),
    },
  ]);
}

export function publishMarkerDeleted(live: LiveState, companyId: number, row: MarkerRow): void {
  live.publish(companyId, [
    {
      itemType: 0,
      itemId: row.id,
      groupId: null,
      message: { type: "markerDel", data: { id: row.id } },
      ...(row.shared || row.user_id === null ? {} : { userId: row.user_id }),
    },
  ]);
}
