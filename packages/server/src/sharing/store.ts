import { createHash, randomBytes } from "node:crypto";
import type { SharedItemRef, ShareLink } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/** 32 random bytes as base64url: unguessable, and URL-safe as a path segment. */
export const newShareToken = (): string => randomBytes(32).toString("base64url");
export const hashShareToken = (token: string): string => createHash("sha256").update(token).digest("hex");

interface LinkRow {
  id: number;
  company_id: number;
  items: SharedItemRef[];
  created_by: string | null;
  created_ts: string | number;
  expires_ts: string | number;
  revoked_ts: string | number | null;
}

export interface StoredLink extends ShareLink {
  companyId: number;
  revokedTs: number | null;
}

const SELECT = `select l.id, l.company_id, l.items, u.email as created_by, l.created_ts, l.expires_ts, l.revoked_ts
  from share_links l left join users u on u.id = l.created_by`;

const toLink = (r: LinkRow): StoredLink => ({
  id: r.id,
  companyId: r.company_id,
  items: r.items,
  createdBy: r.created_by ?? "",
  createdTs: Number(r.created_ts),
  expiresTs: Number(r.expires_ts),
  revokedTs: r.revoked_ts === null ? null : Number(r.revoked_ts),
});

export async function activeLinks(db: Queryable, companyId: number, now: number): Promise<StoredLink[]> {
  const rows = await db.query<LinkRow>(
    `${SELECT} where l.company_id = $1 and l.revoked_ts is null and l.expires_ts > $2 order by l.created_ts desc`,
    [companyId, now],
  );
  return rows.map(toLink);
}

export async function linkById(db: Queryable, companyId: number, id: number): Promise<StoredLink | null> {
  const rows = await db.query<LinkRow>(`${SELECT} where l.company_id = $1 and l.id = $2`, [companyId, id]);
  return rows[0] ? toLink(rows[0]) : null;
}

export async function linkByToken(db: Queryable, token: string): Promise<StoredLink | null> {
  const rows = await db.query<LinkRow>(`${SELECT} where l.token_hash = $1`, [hashShareToken(token)]);
  return rows[0] ? toLink(rows[0]) : null;
}

export async function insertLink(
  db: Queryable,
  link: {
    companyId: number;
    token: string;
    items: SharedItemRef[];
    userId: number;
    now: number;
    expiresTs: number;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into share_links (company_id, token_hash, items, created_by, created_ts, expires_ts)
     values ($1, $2, $3::jsonb, $4, $5, $6) returning id`,
    [
      link.companyId,
      hashShareToken(link.token),
      JSON.stringify(link.items),
      link.userId,
      link.now,
      link.expiresTs,
    ],
  );
  return (rows[0] as { id: number }).id;
}

export async function revokeLink(
  db: Queryable,
  companyId: number,
  id: number,
  now: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "update share_links set revoked_ts = $3 where company_id = $1 and id = $2 and revoked_ts is null returning id",
    [companyId, id, now],
  );
  return rows.length > 0;
}
