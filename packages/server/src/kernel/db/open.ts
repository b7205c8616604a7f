import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "./database.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

/** Where the embedded database keeps its files under the data directory. */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, "pg");

/** DATABASE_URL selects a PostgreSQL server; otherwise the embedded PGlite under the data directory. */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "databaseSchema" | "dataDir">,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databaseSchema);
  if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
  return openPglite(config.dataDir ? pgliteDir(config.dataDir) : null);
}
