import type { Camera } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery, groupQuery, visibleGroup } from "../kernel/tenancy/scoped.ts";

/** The cameras of the vehicles the scope sees (a group-scoped user sees its groups' vehicles only). */
export function camerasOf(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  filter: { vehicleId?: number; id?: number },
): Promise<Camera[]> {
  return groupQuery(db, scope)<Camera>(
    `select c.id, c.name, c.type, c.vehicle_id as "vehicleId", c.stream_url as "streamUrl",
       c.snapshot_url as "snapshotUrl", c.updated_ts::float8 as "updatedTs"
     from cameras c join vehicles v on v.id = c.vehicle_id and v.company_id = c.company_id
     where c.company_id = $1 and ${visibleGroup("v.group_id")}
       and ($3::int is null or c.vehicle_id = $3) and ($4::int is null or c.id = $4)
     order by c.vehicle_id, c.name, c.id`,
    [filter.vehicleId ?? null, filter.id ?? null],
  );
}

type Scope = Pick<CompanyScope, "companyId">;
/** A camera's editable fields, as the contract's body parses them. */
type CameraValues = Pick<Camera, "vehicleId" | "name" | "type" | "streamUrl" | "snapshotUrl">;

/** Adds a camera to one of the company's vehicles; its id. */
export async function insertCamera(
  db: Queryable,
  scope: Scope,
  c: CameraValues,
  now: number,
): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into cameras (company_id, vehicle_id, name, type, stream_url, snapshot_url, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
    [c.vehicleId, c.name, c.type, c.streamUrl, c.snapshotUrl, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into cameras returned no row");
  return row.id;
}

export async function updateCamera(
  db: Queryable,
  scope: Scope,
  id: number,
  c: CameraValues,
  now: number,
): Promise<void> {
  await companyQuery(db, scope)(
    `update cameras set vehicle_id = $3, name = $4, type = $5, stream_url = $6, snapshot_url = $7, updated_ts = $8
     where id = $2 and company_id = $1`,
    [id, c.vehicleId, c.name, c.type, c.streamUrl, c.snapshotUrl, now],
  );
}

export async function deleteCamera(db: Queryable, scope: Scope, id: number): Promise<void> {
  await companyQuery(db, scope)("delete from cameras where id = $2 and company_id = $1", [id]);
}
