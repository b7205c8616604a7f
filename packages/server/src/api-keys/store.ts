import type { ApiKey, ApiKeyRole } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

type Scope = Pick<CompanyScope, "companyId">;

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  role: ApiKeyRole;
  ip: string | null;
  created_ts: number | string;
  created_by_email: string | null;
  last_used_ts: number | string | null;
  last_used_ip: string | null;
  revoked_ts: number | string | null;
}

const toApi = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  role: r.role,
  ip: r.ip,
  createdTs: Number(r.created_ts),
  createdBy: r.created_by_email ?? "",
  lastUsedTs: r.last_used_ts === null ? null : Number(r.last_used_ts),
  lastUsedIp: r.last_used_ip,
  revokedTs: r.revoked_ts === null ? null : Number(r.revoked_ts),
});

const SELECT = `select k.id, k.name, k.prefix, k.role, k.ip, k.created_ts, u.email as created_by_email,
  k.last_used_ts, k.last_used_ip, k.revoked_ts from api_keys k left join users u on u.id = k.created_by`;

/** The company's API keys by id, revoked ones included; only the one with `id` when given. */
export async function listApiKeys(db: Queryable, scope: Scope, id?: number): Promise<ApiKey[]> {
  const rows = await companyQuery(db, scope)<KeyRow>(
    `${SELECT} where k.company_id = $1 and ($2::int is null or k.id = $2) order by k.id`,
    [id ?? null],
  );
  return rows.map(toApi);
}

export interface NewApiKey {
  name: string;
  prefix: string;
  /** The secret's hash; the secret itself is never stored. */
  hash: string;
  role: ApiKeyRole;
  ip: string | null;
  createdBy: number | null;
  now: number;
}

/** Stores a new key of the company; its id. A READONLY key is also marked read-only. */
export async function insertApiKey(db: Queryable, scope: Scope, key: NewApiKey): Promise<number> {
  const rows = await companyQuery(db, scope)<{ id: number }>(
    `insert into api_keys (company_id, name, prefix, key_hash, role, read_only, ip, created_by, created_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [key.name, key.prefix, key.hash, key.role, key.role === "READONLY", key.ip, key.createdBy, key.now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into api_keys returned no row");
  return row.id;
}

/** Revokes a live key of the company; false when there is none with that id (or it was already revoked). */
export async function revokeApiKey(db: Queryable, scope: Scope, id: number, now: number): Promise<boolean> {
  const rows = await companyQuery(db, scope)(
    "update api_keys set revoked_ts = $3 where id = $2 and company_id = $1 and revoked_ts is null returning id",
    [id, now],
  );
  return rows.length > 0;
}
