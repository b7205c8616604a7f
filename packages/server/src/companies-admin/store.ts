import type { CompanyRecord, companyWriteSchema, ResellerRow } from "@vigia/domain";
import type { z } from "zod";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";

/** Data access of company and reseller management: the records the super-user views edit. */

export type CompanyBody = z.output<typeof companyWriteSchema>;

const COMPANY_SELECT = `select id, name, email, address, phone, nif, contact, demo, country_id as "countryId",
  product_id as "productId", reseller_id as "resellerId", licenses, state, retention_days as "retentionDays",
  password_expiration_days as "passwordExpirationDays", map_type as "mapType", cartography, cra_code as "craCode",
  restrictions, conf, created_ts as "createdTs", updated_ts as "updatedTs" from companies`;

const companyValues = (b: CompanyBody): SqlParam[] => [
  b.name,
  b.email,
  b.address,
  b.phone,
  b.nif,
  b.contact,
  b.demo,
  b.countryId,
  b.productId,
  b.resellerId,
  b.licenses,
  b.state,
  b.retentionDays,
  b.passwordExpirationDays,
  b.mapType,
  b.cartography,
  b.craCode,
  b.restrictions,
];

/** The company, if it is one of the reseller tree's. */
export async function companyInTree(
  db: Queryable,
  resellerIds: readonly number[],
  companyId: number,
): Promise<CompanyRecord | null> {
  const rows = await db.query<CompanyRecord>(
    `${COMPANY_SELECT} where id = $1 and reseller_id = any($2::int[])`,
    [companyId, resellerIds],
  );
  return rows[0] ?? null;
}

/** A new company with its first group (items cannot be created without one), in the caller's transaction. */
export async function insertCompany(tx: Queryable, body: CompanyBody, now: number): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into companies (name, email, address, phone, nif, contact, demo, country_id, product_id, reseller_id,
       licenses, state, retention_days, password_expiration_days, map_type, cartography, cra_code, restrictions,
       conf, created_ts, updated_ts)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) returning id`,
    [...companyValues(body), body.conf, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into companies returned no row");
  await tx.query("insert into groups (company_id, name, created_ts) values ($1, $2, $3)", [
    row.id,
    body.name,
    now,
  ]);
  return row.id;
}

/** Rewrites the company's record with the merged configuration; the caller has checked it is in its tree. */
export async function updateCompany(
  tx: Queryable,
  id: number,
  body: CompanyBody,
  conf: Record<string, unknown>,
  now: number,
): Promise<void> {
  await tx.query(
    `update companies set name=$1, email=$2, address=$3, phone=$4, nif=$5, contact=$6, demo=$7, country_id=$8,
     product_id=$9, reseller_id=$10, licenses=$11, state=$12, retention_days=$13, password_expiration_days=$14,
     map_type=$15, cartography=$16, cra_code=$17, restrictions=$18, conf=$19, updated_ts=$20 where id = $21`,
    [...companyValues(body), conf, now, id],
  );
}

/** Holds the company's row for the rest of the caller's transaction, so nothing is added to it meanwhile. */
export async function lockCompany(tx: Queryable, id: number): Promise<void> {
  await tx.query("select id from companies where id = $1 for update", [id]);
}

/**
 * Deletes the company and, by cascade, everything of it, in the caller's transaction; its devices return to
 * the reseller's stock.
 */
export async function deleteCompany(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    "update devices set company_id = null, item_type = 0, item_id = null where company_id = $1",
    [id],
  );
  await tx.query("delete from companies where id = $1", [id]);
}

export interface StoredReseller {
  id: number;
  conf: Record<string, unknown>;
  parent_id: number | null;
}

export async function storedReseller(db: Queryable, id: number): Promise<StoredReseller | null> {
  const rows = await db.query<StoredReseller>("select id, conf, parent_id from resellers where id = $1", [
    id,
  ]);
  return rows[0] ?? null;
}

/** The reseller as the API answers it, with its direct children. */
export async function resellerRow(db: Queryable, id: number): Promise<ResellerRow | null> {
  const rows = await db.query<ResellerRow>(
    `select r.id, r.name, r.parent_id as "parentId", r.email, r.phone, coalesce((r.conf->>'allowMapProvider')::boolean, false) as "allowMapProvider",
         coalesce((select array_agg(c.id order by c.id) from resellers c where c.parent_id = r.id), '{}') as children
       from resellers r where r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface ResellerValues {
  name: string;
  parentId: number | null;
  email: string;
  phone: string;
  conf: Record<string, unknown>;
}

/** A new reseller on its parent's site; its id. */
export async function insertReseller(tx: Queryable, r: ResellerValues, now: number): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    // No brand of its own: it carries its parent's (inherited up the tree, kernel/links.ts) until it has one.
    `insert into resellers (name, parent_id, email, phone, conf, created_ts)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [r.name, r.parentId, r.email, r.phone, r.conf, now],
  );
  const row = rows[0];
  if (!row) throw new Error("insert into resellers returned no row");
  return row.id;
}

export async function updateReseller(tx: Queryable, id: number, r: ResellerValues): Promise<void> {
  await tx.query(
    "update resellers set name = $2, parent_id = $3, email = $4, phone = $5, conf = $6 where id = $1",
    [id, r.name, r.parentId, r.email, r.phone, r.conf],
  );
}

/** Whether the reseller still has child resellers, companies or devices in stock. */
export async function resellerInUse(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from resellers where parent_id = $1 union all select 1 from companies where reseller_id = $1
     union all select 1 from devices where reseller_id = $1 limit 1`,
    [id],
  );
  return rows.length > 0;
}

/** Holds the reseller's row for the rest of the caller's transaction. */
export async function lockReseller(tx: Queryable, id: number): Promise<void> {
  await tx.query("select id from resellers where id = $1 for update", [id]);
}

/** Deletes the reseller and its users, in the caller's transaction; the ids of the users gone. */
export async function deleteReseller(tx: Queryable, id: number): Promise<number[]> {
  const users = await tx.query<{ id: number }>("delete from users where reseller_id = $1 returning id", [id]);
  await tx.query("delete from resellers where id = $1", [id]);
  return users.map((u) => u.id);
}
