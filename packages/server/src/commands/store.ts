import type { DeviceCommand, DeviceCommandKind } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/** The device on an item, what its commands are encoded for, and the vehicle's type when the item is one. */
export interface Target {
  deviceId: number;
  imei: string;
  protocol: string;
  /** The vehicle's type when the item is a vehicle (a bicycle has no engine to stop). */
  vehicleType: string | null;
}

export interface CommandRow {
  id: number;
  kind: string;
  text: string;
  status: DeviceCommand["status"];
  result: string | null;
  created_ts: string | number;
  sent_ts: string | number | null;
  answered_ts: string | number | null;
  expires_ts: string | number;
  created_by: string;
}

const COLUMNS = "id, kind, text, status, result, created_ts, sent_ts, answered_ts, expires_ts, created_by";

/** The company item's device, if it has one (the caller has checked the item is visible). */
export async function itemDevice(
  db: Queryable,
  companyId: number,
  itemType: 1 | 2 | 3,
  itemId: number,
): Promise<Target | null> {
  const devices = await db.query<{
    id: number;
    device_id: string;
    proto: string;
    vehicle_type: string | null;
  }>(
    `select d.id, d.device_id, t.proto, v.type as vehicle_type from devices d join device_types t on t.id = d.type_id
     left join vehicles v on d.item_type = ${ITEM_TYPE.vehicle} and v.id = d.item_id
     where d.company_id = $1 and d.item_type = $2 and d.item_id = $3 order by d.id limit 1`,
    [companyId, itemType, itemId],
  );
  const d = devices[0];
  return d ? { deviceId: d.id, imei: d.device_id, protocol: d.proto, vehicleType: d.vehicle_type } : null;
}

/** Whether the company lets its operators send commands. */
export async function operatorsMaySend(db: Queryable, companyId: number): Promise<boolean> {
  const rows = await db.query<{ operators: boolean | null }>(
    "select (conf->'commands'->>'operators')::boolean as operators from companies where id = $1",
    [companyId],
  );
  return rows[0]?.operators === true;
}

/** The item's latest commands, newest first. */
export function recentCommands(
  db: Queryable,
  companyId: number,
  itemType: number,
  itemId: number,
  limit: number,
): Promise<CommandRow[]> {
  return db.query<CommandRow>(
    `select ${COLUMNS} from device_commands where company_id = $1 and item_type = $2 and item_id = $3
     order by id desc limit ${limit}`,
    [companyId, itemType, itemId],
  );
}

/** Queues one command for the item's device; the row as stored. */
export async function insertCommand(
  db: Queryable,
  c: {
    companyId: number;
    target: Target;
    itemType: number;
    itemId: number;
    kind: DeviceCommandKind;
    text: string;
    createdBy: string;
    createdTs: number;
    expiresTs: number;
  },
): Promise<CommandRow> {
  const rows = await db.query<CommandRow>(
    `insert into device_commands (company_id, device_id, imei, protocol, item_type, item_id, kind, text,
       created_by, created_ts, expires_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${COLUMNS}`,
    [
      c.companyId,
      c.target.deviceId,
      c.target.imei,
      c.target.protocol,
      c.itemType,
      c.itemId,
      c.kind,
      c.text,
      c.createdBy,
      c.createdTs,
      c.expiresTs,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error("command not stored");
  return row;
}

export async function commandById(db: Queryable, id: number): Promise<CommandRow | null> {
  const rows = await db.query<CommandRow>(`select ${COLUMNS} from device_commands where id = $1`, [id]);
  return rows[0] ?? null;
}
