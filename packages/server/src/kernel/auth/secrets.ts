import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/**
 * The JWT signing key: VIGIA_JWT_SECRET when set, otherwise generated once and kept in the database,
 * so that every node of a cluster and every restart share it.
 */
export async function loadJwtKey(db: Database, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.query("insert into settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [
    JSON.stringify(randomToken(48)),
  ]);
  const rows = await db.query<{ value: string }>("select value from settings where key = 'jwt_secret'");
  return new TextEncoder().encode(rows[0]!.value);
}
