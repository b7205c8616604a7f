import { ENCODED_DEVICE_TYPE_ID, type EventMedia, encodeDeviceId } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { ItemType } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

interface MediaRow {
  id: number;
  item_type: ItemType;
  item_id: number;
  event_ts: string | number;
  event: string;
  file_id: number;
  name: string;
  mime: string;
  size: number;
  created_ts: string | number;
}

const toMedia = (r: MediaRow): EventMedia => ({
  id: r.id,
  itemType: r.item_type,
  itemId: r.item_id,
  ts: Number(r.event_ts),
  event: r.event,
  file: { id: r.file_id, name: r.name, mime: r.mime, size: r.size, createdTs: Number(r.created_ts) },
});

type Scope = Pick<CompanyScope, "companyId">;

/** An item's media between two instants, newest first (the caller has checked the item is visible). */
export async function itemMedia(
  db: Queryable,
  scope: Scope,
  q: { itemType: number; itemId: number; from: number; to: number; limit: number },
): Promise<EventMedia[]> {
  const rows = await companyQuery(db, scope)<MediaRow>(
    `select m.id, m.item_type, m.item_id, m.event_ts, m.event, m.file_id, f.name, f.mime, f.size, f.created_ts
     from event_media m join stored_files f on f.id = m.file_id and f.company_id = m.company_id
     where m.company_id = $1 and m.item_type = $2 and m.item_id = $3 and m.event_ts between $4 and $5
     order by m.event_ts desc, m.id desc limit $6`,
    [q.itemType, q.itemId, q.from, q.to, q.limit],
  );
  return rows.map(toMedia);
}

/** The item and stored file a media entry of the company points at. */
export async function mediaFileRef(
  db: Queryable,
  scope: Scope,
  id: number,
): Promise<{ itemType: ItemType; itemId: number; fileId: number } | undefined> {
  const rows = await companyQuery(db, scope)<{ itemType: ItemType; itemId: number; fileId: number }>(
    `select item_type as "itemType", item_id as "itemId", file_id as "fileId" from event_media
     where id = $2 and company_id = $1`,
    [id],
  );
  return rows[0];
}

export interface KeyedDevice {
  id: number;
  companyId: number;
  deviceKey: string;
  itemType: number;
  itemId: number | null;
}

/**
 * The keyed company device a presented id names. Unscoped: the device authenticates itself with the answer.
 * The worker app's ids are stored encoded (legacy ones raw); every other device's as sent.
 */
export async function keyedDeviceForCredential(
  db: Queryable,
  presentedId: string,
): Promise<KeyedDevice | undefined> {
  const rows = await db.query<KeyedDevice>(
    `select id, company_id as "companyId", device_key as "deviceKey", item_type as "itemType", item_id as "itemId"
     from devices
     where company_id is not null and device_key is not null
       and ((type_id <> $3 and device_id = $1) or (type_id = $3 and device_id = any($2::text[])))
     order by device_id = $1 limit 1`,
    [presentedId, [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, presentedId), presentedId], ENCODED_DEVICE_TYPE_ID],
  );
  return rows[0];
}

/** Files a device's upload under its item; the media entry's id. */
export async function insertEventMedia(
  db: Queryable,
  m: {
    companyId: number;
    deviceId: number;
    itemType: number;
    itemId: number;
    fileId: number;
    eventTs: number;
    event: string;
    now: number;
  },
): Promise<number> {
  const rows = await companyQuery(db, m)<{ id: number }>(
    `insert into event_media (company_id, device_id, item_type, item_id, file_id, event_ts, event, created_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [m.deviceId, m.itemType, m.itemId, m.fileId, m.eventTs, m.event, m.now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into event_media returned no row");
  return row.id;
}
