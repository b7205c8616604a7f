import type { FileService } from "../files/index.ts";
import { retentionHorizon } from "../ingest/index.ts";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import type { ItemType } from "../kernel/tenancy/items.ts";

/**
 * Media go with what they belong to: their device, the item they were filed under, the company's retention.
 * Each step deletes the media's stored files, whose rows take the event_media rows with them by cascade, and
 * answers the storage keys; the caller deletes those bytes with `files.deleteBlobs` after its transaction
 * committed (the event_media cascades of devices and companies alone would leave files and bytes behind).
 */
async function deleteMediaFiles(
  db: Queryable,
  files: FileService,
  where: string,
  params: readonly SqlParam[],
): Promise<string[]> {
  const rows = await db.query<{ file_id: number }>(`select file_id from event_media where ${where}`, params);
  return files.deleteRows(
    db,
    rows.map((row) => row.file_id),
  );
}

/** The media of devices about to be deleted, in the transaction that deletes them. */
export function deleteDeviceMedia(
  db: Queryable,
  files: FileService,
  deviceIds: readonly number[],
): Promise<string[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return deleteMediaFiles(db, files, "device_id = any($1::int[])", [[...deviceIds]]);
}

/** The media filed under an item about to be deleted (they name it by id only), in its transaction. */
export function deleteItemMedia(
  db: Queryable,
  files: FileService,
  companyId: number,
  itemType: ItemType,
  itemId: number,
): Promise<string[]> {
  return deleteMediaFiles(db, files, "company_id = $1 and item_type = $2 and item_id = $3", [
    companyId,
    itemType,
    itemId,
  ]);
}

/**
 * Retention: each company's media whose event lies before its horizon (the one its events and positions are
 * kept to), rows and bytes. Answers how many files went.
 */
export async function dropExpiredMedia(db: Queryable, files: FileService, now: number): Promise<number> {
  const companies = await db.query<{ id: number; retention_days: number }>(
    "select id, retention_days from companies",
  );
  let dropped = 0;
  for (const company of companies) {
    const keys = await deleteMediaFiles(db, files, "company_id = $1 and event_ts < $2", [
      company.id,
      retentionHorizon(company.retention_days, now),
    ]);
    await files.deleteBlobs(keys);
    dropped += keys.length;
  }
  return dropped;
}
