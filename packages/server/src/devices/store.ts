import {
  type DeviceRow,
  type DeviceTypeInfo,
  type DeviceWrite,
  decodeDeviceId,
  deviceConfigErrors,
  deviceIdError,
  type deviceWriteSchema,
  encodeDeviceId,
  KEYED_PROTOCOLS,
} from "@vigia/domain";
import { CONFIG_COMMAND_PROTOCOLS } from "@vigia/protocols";
import type { z } from "zod";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { joinItems } from "../kernel/db/item-joins.ts";
import { badRequest } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

export type DeviceBody = z.output<typeof deviceWriteSchema>;
export type { DeviceWrite };

/** The identifier rules of every device type. */
export async function deviceTypes(db: Queryable): Promise<DeviceTypeInfo[]> {
  return db.query<DeviceTypeInfo>(
    'select id, name, proto, id_length as "idLength", port from device_types order by id',
  );
}

/** Field rules the schema cannot see alone: the identifier per type and an active configuration. */
export async function checkDevice(db: Queryable, body: DeviceBody): Promise<void> {
  const types = await deviceTypes(db);
  const idError = deviceIdError(
    types.find((t) => t.id === body.typeId),
    body.deviceId,
  );
  const fields: Record<string, string> = {};
  if (idError) fields[idError === "errorNoDeviceType" ? "typeId" : "deviceId"] = idError;
  for (const [key, message] of Object.entries(deviceConfigErrors(body.configActive, body.config)))
    fields[`config.${key}`] = message;
  if (Object.keys(fields).length > 0) throw badRequest("validation.failed", fields);
}

export const storedId = (body: Pick<DeviceBody, "typeId" | "deviceId">) =>
  encodeDeviceId(body.typeId, body.deviceId);

/**
 * Devices without a command channel (OsmAnd phones, the Vigia app: nothing flows back over HTTP) count as
 * updated once they report after the configuration was saved, since it is applied in the app itself.
 * Devices whose protocol has configuration commands (Teltonika, GT06 and the text protocols: `CONFIG_COMMAND_PROTOCOLS`) are
 * excluded: for them 'updated' means the device answered the commands the gateway sent (ingest/config-commands.ts).
 */
/** A fixed list of protocol names from the protocols package, spelled as SQL literals. */
const CONFIGURED_PROTOCOLS = CONFIG_COMMAND_PROTOCOLS.map((name) => `'${name.replaceAll("'", "''")}'`).join(
  ", ",
);

export async function settleConfigStates(db: Queryable, where: string, params: SqlParam[]): Promise<void> {
  await db.query(
    `update devices d set config_state = 'updated'
     where d.config_state = 'awaiting' and d.company_id is not null and ${where}
       and not exists (select 1 from device_types t where t.id = d.type_id and t.proto in (${CONFIGURED_PROTOCOLS}))
       and exists (select 1 from positions p where p.company_id = d.company_id and p.device_id = d.id
                   and p.received_ts > d.config_requested_ts)`,
    params,
  );
}

/** The protocols that can carry a device's key, spelled as SQL literals. */
const KEYED = KEYED_PROTOCOLS.map((name) => `'${name}'`).join(", ");

/** The device row as lists and forms read it, identifiers shown decoded. */
export const DEVICE_SELECT = `
  select d.id, d.device_id as "deviceId", d.type_id as "typeId", d.name, d.description, d.company_id as "companyId",
    c.name as "companyName", d.reseller_id as "resellerId", d.item_type as "itemType", d.item_id as "itemId",
    coalesce(v.plate, a.name, p.name) as "itemName", v.name as "vehicleName", v.plate as "vehiclePlate",
    coalesce(v.group_id, a.group_id, p.group_id) as "groupId",
    d.sim, d.config, d.config_active as "configActive", d.config_state as "configState", d.country_id as "countryId",
    d.created_ts as "createdTs", d.updated_ts as "updatedTs", d.first_connect_ts as "firstConnectTs", d.device_key as "key",
    case when d.device_key is not null then 'key' when t.proto in (${KEYED}) then 'none' else 'imei' end
      as "authentication",
    d.refused_frames as "refusedFrames", d.last_refused_ts as "lastRefusedTs",
    d.last_refused_reason as "lastRefusedReason",
    case when s.state -> 'state' -> 'pos' is null or jsonb_typeof(s.state -> 'state' -> 'pos') = 'null' then null
      else jsonb_build_object('lat', s.state -> 'state' -> 'pos' -> 'lat', 'lng', s.state -> 'state' -> 'pos' -> 'lng',
        'ts', s.state -> 'state' -> 'pos' -> 'ts')
    end as "itemPos"
  from devices d
  left join device_types t on t.id = d.type_id
  left join companies c on c.id = d.company_id
  ${joinItems("d")}
  left join item_state s on d.item_id is not null and s.item_type = d.item_type and s.item_id = d.item_id`;

/**
 * Rows of DEVICE_SELECT keyed by id, identifiers decoded for display. The device key is a secret: it is left
 * out unless the caller may edit the device (and so could replace it anyway).
 */
export function keyedDevices(rows: DeviceRow[], showKeys: boolean): Record<string, DeviceRow> {
  const out: Record<string, DeviceRow> = {};
  for (const { key, ...row } of rows)
    out[row.id] = {
      ...row,
      deviceId: decodeDeviceId(row.typeId, row.deviceId),
      ...(showKeys ? { key: key ?? null } : {}),
    };
  return out;
}

/** The stored key after a write: unchanged when the body leaves it out, none for "". */
export function keyAfterWrite(body: Pick<DeviceBody, "key">, stored: string | null): string | null {
  if (body.key === undefined) return stored;
  return body.key === "" ? null : body.key;
}

/** SIM timestamps move only when the value changes (iccidTs, imsiTs, apnTs). */
export function simWithTimestamps(
  before: Record<string, unknown> | null,
  sim: DeviceBody["sim"],
  now: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...sim };
  for (const key of ["iccid", "imsi", "apn"] as const) {
    const changed = (before?.[key] ?? "") !== sim[key];
    out[`${key}Ts`] = changed ? (sim[key] === "" ? null : now) : (before?.[`${key}Ts`] ?? null);
  }
  return out;
}

/** Whether the company requires a key of its devices whose protocol can carry one. */
export async function readKeyPolicy(db: Queryable, companyId: number): Promise<boolean> {
  const rows = await db.query<{ required: boolean }>(
    "select require_device_keys as required from companies where id = $1",
    [companyId],
  );
  return rows[0]?.required === true;
}

export async function writeKeyPolicy(db: Queryable, companyId: number, required: boolean): Promise<void> {
  await db.query("update companies set require_device_keys = $2 where id = $1", [companyId, required]);
}

/**
 * The company's devices, for group-scoped users those on items of their groups, narrowed by `extra` (a
 * condition on `d` built by the caller from numbers only). Configuration states are settled first.
 */
export async function companyDeviceRows(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  extra = "true",
): Promise<DeviceRow[]> {
  await settleConfigStates(db, "d.company_id = $1", [scope.companyId]);
  const group =
    scope.groupIds === null ? "" : "and coalesce(v.group_id, a.group_id, p.group_id) = any($2::int[])";
  return db.query<DeviceRow>(
    `${DEVICE_SELECT} where d.company_id = $1 ${group} and ${extra} order by d.id`,
    scope.groupIds === null ? [scope.companyId] : [scope.companyId, scope.groupIds],
  );
}

/** The company's devices on no item. */
export function unassignedDevices(db: Queryable, companyId: number): Promise<DeviceRow[]> {
  return companyQuery(db, { companyId })<DeviceRow>(
    `${DEVICE_SELECT} where d.company_id = $1 and d.item_id is null order by d.id`,
  );
}

/** The item a company's device is on (item type 0 and no id: none), or null if the company has no such device. */
export async function deviceItem(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<{ deviceId: string; itemType: number; itemId: number | null } | null> {
  const rows = await companyQuery(db, { companyId })<{
    device_id: string;
    item_type: number;
    item_id: number | null;
  }>("select device_id, item_type, item_id from devices where company_id = $1 and id = $2", [id]);
  const row = rows[0];
  return row ? { deviceId: row.device_id, itemType: row.item_type, itemId: row.item_id } : null;
}

/** The other devices on an item (the one it would lose when `id` is put there). */
export async function otherDevicesOnItem(
  db: Queryable,
  itemType: number,
  itemId: number,
  id: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "select id from devices where item_type = $1 and item_id = $2 and id <> $3",
    [itemType, itemId, id],
  );
  return rows.map((r) => r.id);
}

/**
 * Puts the device on the item (a null type: on none), in the caller's transaction. One device per item: the
 * item's previous device is released.
 */
export async function assignDeviceItem(
  tx: Queryable,
  id: number,
  itemType: 1 | 2 | 3 | null,
  itemId: number | null,
  now: number,
): Promise<void> {
  if (itemType !== null && itemId !== null)
    await tx.query(
      "update devices set item_type = 0, item_id = null where item_type = $1 and item_id = $2 and id <> $3",
      [itemType, itemId, id],
    );
  await tx.query("update devices set item_type = $2, item_id = $3, updated_ts = $4 where id = $1", [
    id,
    itemType ?? 0,
    itemType === null ? null : itemId,
    now,
  ]);
}

/** What an update of a device compares against: the stored configuration, SIM, identifier and key. */
export interface StoredSettings {
  config: unknown;
  config_active: boolean;
  sim: Record<string, unknown>;
  device_id: string;
  device_key: string | null;
}

export async function storedSettings(db: Queryable, id: number): Promise<StoredSettings | null> {
  const rows = await db.query<StoredSettings>(
    "select config, config_active, sim, device_id, device_key from devices where id = $1",
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Writes a device's editable columns, in the caller's transaction; with `configChanged` its configuration
 * goes 'awaiting' from now. The caller has checked the device is in its scope.
 */
export async function updateDeviceRow(
  tx: Queryable,
  id: number,
  d: {
    body: DeviceBody;
    sim: Record<string, unknown>;
    config: Record<string, unknown>;
    configChanged: boolean;
    key: string | null;
    now: number;
  },
): Promise<void> {
  await tx.query(
    `update devices set device_id = $2, type_id = $3, name = $4, description = $5, sim = $6, country_id = $7,
       config_active = $8, config = $9, updated_ts = $10,
       config_state = case when $11::boolean then 'awaiting' else config_state end,
       config_requested_ts = case when $11::boolean then $10 else config_requested_ts end,
       device_key = $12
     where id = $1`,
    [
      id,
      storedId(d.body),
      d.body.typeId,
      d.body.name,
      d.body.description,
      d.sim,
      d.body.countryId,
      d.body.configActive,
      d.config,
      d.now,
      d.configChanged,
      d.key,
    ],
  );
}

/** Devices of the reseller tree: its own stock and every device on a company of the tree. */
const IN_TREE = "(d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[]))";

/** The reseller tree's devices, narrowed by `extra` (a condition built by the caller from numbers only). */
export async function treeDeviceRows(
  db: Queryable,
  resellerIds: readonly number[],
  extra = "true",
): Promise<DeviceRow[]> {
  await settleConfigStates(db, "d.reseller_id = any($1::int[])", [resellerIds]);
  return db.query<DeviceRow>(`${DEVICE_SELECT} where ${IN_TREE} and ${extra} order by d.id`, [resellerIds]);
}

/** Of the ids, the tree's devices and the company each is on. */
export function treeDeviceCompanies(
  db: Queryable,
  resellerIds: readonly number[],
  ids: readonly number[],
): Promise<{ id: number; company_id: number | null }[]> {
  return db.query<{ id: number; company_id: number | null }>(
    `select d.id, d.company_id from devices d left join companies c on c.id = d.company_id
       where d.id = any($2::int[]) and ${IN_TREE}`,
    [resellerIds, ids],
  );
}

/** Whether another device (any tenant's: identifiers are global) already has the identifier. */
export async function deviceIdTaken(
  db: Queryable,
  storedDeviceId: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db.query(
    "select 1 from devices where device_id = $1 and ($2::int is null or id <> $2)",
    [storedDeviceId, exceptId ?? null],
  );
  return rows.length > 0;
}

/** Whether the company is one of the reseller tree's. */
export async function companyInTree(
  db: Queryable,
  companyId: number,
  resellerIds: readonly number[],
): Promise<boolean> {
  const rows = await db.query("select 1 from companies where id = $1 and reseller_id = any($2::int[])", [
    companyId,
    resellerIds,
  ]);
  return rows.length > 0;
}

/** A new device in the reseller's stock; an active configuration waits for the device from now. Its id. */
export async function insertDevice(
  tx: Queryable,
  body: DeviceBody,
  resellerId: number,
  now: number,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into devices (device_id, type_id, name, description, sim, country_id, config_active, config,
       config_state, config_requested_ts, reseller_id, created_ts, updated_ts, device_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, case when $7 then 'awaiting' else 'updated' end,
       case when $7 then $10::bigint end, $9, $10, $10, $11) returning id`,
    [
      storedId(body),
      body.typeId,
      body.name,
      body.description,
      body.sim,
      body.countryId,
      body.configActive,
      body.config,
      resellerId,
      now,
      keyAfterWrite(body, null),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into devices returned no row");
  return row.id;
}

/** Deletes the devices; the caller has checked they are in its scope and on no company. */
export async function deleteDevices(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query("delete from devices where id = any($1::int[])", [ids]);
}

/** Moves the device to the company (null: back to the stock); leaving its company also takes it off its item. */
export async function assignDeviceCompany(
  tx: Queryable,
  id: number,
  companyId: number | null,
  now: number,
): Promise<void> {
  await tx.query(
    `update devices set
         item_type = case when $2::int is distinct from company_id then 0 else item_type end,
         item_id = case when $2::int is distinct from company_id then null else item_id end,
         company_id = $2, updated_ts = $3 where id = $1`,
    [id, companyId, now],
  );
}

/** Takes the device off its item. */
export async function releaseDevice(tx: Queryable, id: number, now: number): Promise<void> {
  await tx.query("update devices set item_type = 0, item_id = null, updated_ts = $2 where id = $1", [
    id,
    now,
  ]);
}
