import { createHash, randomBytes } from "node:crypto";
import type { SharedItemRef, ShareLink } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
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

const ITEM_TABLE = { 1: "vehicles", 2: "assets", 3: "persons" } as const;
/** Rows read per item at most: a week of one report every 30 s. */
const MAX_ROUTE_ROWS = 20_000;

export interface ItemRow {
  id: number;
  name: string;
  group_id: number | null;
}

/** A shared item of the company: its id, display name and group; undefined when the company has none such. */
export async function itemRows(
  db: Queryable,
  companyId: number,
  ref: SharedItemRef,
): Promise<ItemRow | undefined> {
  const name = ref.itemType === ITEM_TYPE.vehicle ? "coalesce(nullif(name, ''), plate)" : "name";
  const rows = await db.query<ItemRow>(
    `select id, ${name} as name, group_id from ${ITEM_TABLE[ref.itemType]} where company_id = $1 and id = $2`,
    [companyId, ref.itemId],
  );
  return rows[0];
}

/** The item's valid fixes in [from, to], oldest first, at most a week's worth of rows. */
export function routeFixes(
  db: Queryable,
  companyId: number,
  ref: SharedItemRef,
  from: number,
  to: number,
): Promise<{ lat: number; lng: number }[]> {
  return db.query<{ lat: number; lng: number }>(
    `select lat, lng from positions where company_id = $1 and item_type = $2 and item_id = $3
     and ts >= $4 and ts <= $5 and valid order by ts limit ${MAX_ROUTE_ROWS}`,
    [companyId, ref.itemType, ref.itemId, from, to],
  );
}

/** The base map the company chose, which the shared page draws too; null for the default. */
export async function companyMapProvider(db: Queryable, companyId: number): Promise<string | null> {
  const conf = await db.query<{ provider: string | null }>(
    "select conf->'general'->>'mapProvider' as provider from companies where id = $1",
    [companyId],
  );
  return conf[0]?.provider ?? null;
}
