import { open, readdir } from "node:fs/promises";
import path from "node:path";
import type { Database } from "./database.ts";

/**
 * fsync by path. Injectable so tests can count (and order) every sync the durability path makes.
 * Directories are synced too: a new file's name is only durable once its directory is.
 */
export interface SyncIo {
  syncPath(file: string): Promise<void>;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export const nodeSyncIo: SyncIo = {
  syncPath: async (file) => {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, "r");
    } catch (error) {
      // Windows cannot open a directory to sync it (nor needs to).
      if (process.platform === "win32" && (code(error) === "EISDIR" || code(error) === "EPERM")) return;
      throw error;
    }
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

async function syncTree(dir: string, io: SyncIo): Promise<number> {
  let synced = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    try {
      if (entry.isDirectory()) synced += await syncTree(full, io);
      else if (entry.isFile()) {
        await io.syncPath(full);
        synced += 1;
      }
    } catch (error) {
      // Dropped since the listing (a retention drop, a recycled WAL segment): nothing of it left to keep.
      if (code(error) !== "ENOENT") throw error;
    }
  }
  await io.syncPath(dir);
  return synced + 1;
}

/**
 * Makes the embedded database's files durable as of now. PGlite runs PostgreSQL with fsync off and its
 * file system never syncs, so after a CHECKPOINT (every committed change written to the files, the control
 * file pointing at it) the host syncs every file of the data directory itself. Returns the number synced.
 */
export async function checkpointDurably(
  db: Database,
  pgDir: string,
  io: SyncIo = nodeSyncIo,
): Promise<number> {
  await db.exec("checkpoint");
  return syncTree(pgDir, io);
}
