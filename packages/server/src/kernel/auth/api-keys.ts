import {
  API_ERROR,
  API_KEY_PREFIX,
  type ApiKeyRole,
  isCompanyBlocked,
  type Role,
  type UserRestrictions,
} from "@vigia/domain";
import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { forbidden, unauthorized } from "../errors.ts";
import type { Principal } from "../tenancy/principal.ts";
import { randomToken, sha256 } from "./secrets.ts";

/** Last-used time is written at most this often per key, so a busy integration does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** A new secret: the prefix, then 32 random bytes. Only its SHA-256 is stored. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 6), hash: sha256(secret) };
}

export function principalRole(role: ApiKeyRole): { role: Role; readOnly: boolean } {
  if (role === "ADMIN") return { role: "ADMIN", readOnly: false };
  if (role === "OPERATOR") return { role: "OPERATOR", readOnly: false };
  return { role: "USER", readOnly: true };
}

interface KeyRow {
  id: number;
  company_id: number;
  name: string;
  role: ApiKeyRole;
  ip: string | null;
  last_used_ts: number | string | null;
  company_restrictions: UserRestrictions | null;
  company_state: number;
}

/**
 * The principal of an API key: a user of the key's company with the key's role and no groups, restricted to the
 * key's IP network on top of the company's restrictions. A revoked key is refused from the next request on,
 * because every request looks the key up (no cache to outlive a revocation). userId 0: no user row.
 */
export async function authenticateApiKey(
  db: Queryable,
  clock: Clock,
  token: string,
  ip: string,
): Promise<Principal> {
  const rows = await db.query<KeyRow>(
    `select k.id, k.company_id, k.name, k.role, k.ip, k.last_used_ts, c.restrictions as company_restrictions,
       c.state as company_state
     from api_keys k join companies c on c.id = k.company_id where k.key_hash = $1 and k.revoked_ts is null`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) throw unauthorized("token.invalid");
  // A suspended or deactivated company's keys stop with it (and work again on reactivation).
  if (isCompanyBlocked(row.company_state)) throw forbidden(API_ERROR.companyBlocked);
  const now = clock.now();
  if (row.last_used_ts === null || Number(row.last_used_ts) <= now - LAST_USED_EVERY_MS)
    await db.query("update api_keys set last_used_ts = $2, last_used_ip = $3 where id = $1", [
      row.id,
      now,
      ip,
    ]);
  // A key belongs to the whole company: its role's group scope starts at the company's top groups, so an
  // OPERATOR or READONLY key sees every item, as the same role's user with the top groups would.
  const roots = await db.query<{ id: number }>(
    "select id from groups where company_id = $1 and parent_id is null order by id",
    [row.company_id],
  );
  return {
    userId: 0,
    email: `apikey:${row.name}`,
    ...principalRole(row.role),
    companyId: row.company_id,
    resellerId: null,
    selectedCompanyId: row.company_id,
    groupIds: roots.map((r) => r.id),
    timezone: "UTC",
    restrictions: { timeRange: null, ip: row.ip },
    companyRestrictions: row.company_restrictions,
    apiKeyId: row.id,
  };
}
