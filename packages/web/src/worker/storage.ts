import {
  type DeviceAppConfig,
  deviceAppConfigSchema,
  type WorkerFix,
  type WorkerPairing,
  workerFixSchema,
} from "@vigia/domain";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { z } from "zod";

/**
 * What the worker app keeps on the phone, in IndexedDB: the device it reports as, the configuration it last
 * fetched, and the queue of fixes not yet acknowledged. Every fix is written here before any upload is tried, so
 * closing the page, losing the network or a crash loses nothing measured. Values read back are parsed again: the
 * database outlives versions of the app.
 */
export interface WorkerDb extends DBSchema {
  settings: { key: string; value: unknown };
  /**
   * Fixes in the order measured, per device: the key is `<device id> <fix id>` (a device id has no space, a fix id
   * begins with its time), so a phone paired as another device never sends one device's fixes as the other's.
   */
  queue: { key: string; value: unknown };
  /** Forms being filled, one per device and form: `<device id> <form id>` (form-storage.ts). */
  drafts: { key: string; value: unknown };
  /** Submitted forms, waiting to be sent or kept a while as sent: `<device id> <client id>` (form-storage.ts). */
  submissions: { key: string; value: unknown };
}

const DB_NAME = "vigia-worker";
const PAIRING = "pairing";
const CONFIG = "config";
const LAST_SENT = "lastSent";

const pairingSchema = z.object({ deviceId: z.string().min(1), key: z.string().min(1) });

export class WorkerStorage {
  private constructor(private readonly db: IDBPDatabase<WorkerDb>) {}

  static async open(name = DB_NAME): Promise<WorkerStorage> {
    const db = await openDB<WorkerDb>(name, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore("settings");
          database.createObjectStore("queue");
        }
        if (oldVersion < 2) {
          database.createObjectStore("drafts");
          database.createObjectStore("submissions");
        }
      },
    });
    return new WorkerStorage(db);
  }

  /** The database itself, for the forms' drafts and submissions kept beside the queue (form-storage.ts). */
  get database(): IDBPDatabase<WorkerDb> {
    return this.db;
  }

  close(): void {
    this.db.close();
  }

  async pairing(): Promise<WorkerPairing | null> {
    const parsed = pairingSchema.safeParse(await this.db.get("settings", PAIRING));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Pairs the phone as another device: the previous device's configuration goes; its unsent fixes stay in the
   * queue under its own id, sent when the phone is paired as it again.
   */
  async setPairing(pairing: WorkerPairing | null): Promise<void> {
    const tx = this.db.transaction("settings", "readwrite");
    if (pairing === null) await tx.store.delete(PAIRING);
    else await tx.store.put(pairing, PAIRING);
    await tx.store.delete(CONFIG);
    await tx.done;
  }

  async config(): Promise<DeviceAppConfig | null> {
    const parsed = deviceAppConfigSchema.safeParse(await this.db.get("settings", CONFIG));
    return parsed.success ? parsed.data : null;
  }

  async setConfig(config: DeviceAppConfig): Promise<void> {
    await this.db.put("settings", config, CONFIG);
  }

  /** When the last upload was acknowledged (epoch ms), or null before the first. */
  async lastSent(): Promise<number | null> {
    const parsed = z.number().safeParse(await this.db.get("settings", LAST_SENT));
    return parsed.success ? parsed.data : null;
  }

  async setLastSent(ts: number): Promise<void> {
    await this.db.put("settings", ts, LAST_SENT);
  }

  async enqueue(deviceId: string, fix: WorkerFix): Promise<void> {
    await this.db.put("queue", fix, queueKey(deviceId, fix.id));
  }

  /** The device's oldest `limit` fixes; a stored value that no longer parses is dropped, not sent. */
  async oldest(deviceId: string, limit: number): Promise<WorkerFix[]> {
    return readDeviceValues(this.db, "queue", deviceId, workerFixSchema, limit);
  }

  async remove(deviceId: string, ids: readonly string[]): Promise<void> {
    const tx = this.db.transaction("queue", "readwrite");
    await Promise.all([...ids.map((id) => tx.store.delete(queueKey(deviceId, id))), tx.done]);
  }

  /** Fixes of the device still waiting. */
  async queued(deviceId: string): Promise<number> {
    return this.db.count("queue", deviceRange(deviceId));
  }
}

const queueKey = (deviceId: string, fixId: string) => `${deviceId} ${fixId}`;
/** The keys of one device's entries in a store keyed `<device id> <id>`. */
export const deviceRange = (deviceId: string) => IDBKeyRange.bound(`${deviceId} `, `${deviceId} \uffff`);

/**
 * The first `limit` values of one device in a store keyed `<device id> <id>`, in key order; a stored value the
 * schema no longer accepts (written by an older version of the app) is deleted instead of returned.
 */
export async function readDeviceValues<T>(
  db: IDBPDatabase<WorkerDb>,
  store: "queue" | "submissions",
  deviceId: string,
  schema: z.ZodType<T>,
  limit = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const out: T[] = [];
  const broken: string[] = [];
  let cursor = await db.transaction(store).store.openCursor(deviceRange(deviceId));
  while (cursor && out.length < limit) {
    const parsed = schema.safeParse(cursor.value);
    if (parsed.success) out.push(parsed.data);
    else broken.push(cursor.key);
    cursor = await cursor.continue();
  }
  if (broken.length > 0) {
    const tx = db.transaction(store, "readwrite");
    await Promise.all([...broken.map((key) => tx.store.delete(key)), tx.done]);
  }
  return out;
}

let sequence = 0;

/**
 * A fix id that sorts in measuring order (the queue's key order is the upload order) and is unique on this phone:
 * the time in fixed width, then a counter and a random tail for fixes of the same millisecond.
 */
export function fixId(ts: number): string {
  sequence = (sequence + 1) % 1_000_000;
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${String(ts).padStart(15, "0")}-${String(sequence).padStart(6, "0")}-${random.toString(36)}`;
}
