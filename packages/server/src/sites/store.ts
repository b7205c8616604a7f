import type { Brand, BrandImage, brandWriteSchema } from "@vigia/domain";
import type { z } from "zod";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Brands are rows of `sites` (with their `site_hosts`). The platform's own, the first site, has no managing
 * reseller. These statements are the platform's brand table, not a company's data: the routes decide which
 * resellers' brands a caller may see (their subtree, or all for super resellers) and pass them in.
 */

type BrandBody = z.output<typeof brandWriteSchema>;

const BRAND_SELECT = `select s.id, s.name, s.timezone, s.reseller_id as "resellerId",
    s.primary_color as "primaryColor", coalesce(s.origin, '') as origin, s.logo_url as "logoUrl",
    s.favicon_url as "faviconUrl", s.support_email as "supportEmail", s.support_phone as "supportPhone",
    s.privacy, s.product_name as "productName", coalesce(s.branding->>'terms', '') as terms,
    coalesce(s.branding->>'mapProvider', '') as "mapProvider",
    jsonb_build_object(
      'apkUrl', coalesce(s.branding->'apps'->>'apkUrl', ''), 'ipaUrl', coalesce(s.branding->'apps'->>'ipaUrl', ''),
      'playStoreUrl', coalesce(s.branding->'apps'->>'playStoreUrl', ''),
      'appStoreUrl', coalesce(s.branding->'apps'->>'appStoreUrl', '')) as apps,
    coalesce((select array_agg(h.host order by h.host) from site_hosts h where h.site_id = s.id), '{}') as hosts,
    exists (select 1 from resellers r where r.id = s.reseller_id and r.site_id = s.id) as assigned
  from sites s`;

/**
 * The brands managed by these resellers; `null` answers every brand (super resellers), the platform's own
 * included.
 */
export async function listBrands(db: Queryable, resellerIds: readonly number[] | null): Promise<Brand[]> {
  if (resellerIds === null) return db.query<Brand>(`${BRAND_SELECT} order by s.id`);
  return db.query<Brand>(`${BRAND_SELECT} where s.reseller_id = any($1::int[]) order by s.id`, [
    [...resellerIds],
  ]);
}

export async function findBrand(
  db: Queryable,
  resellerIds: readonly number[] | null,
  id: number,
): Promise<Brand | null> {
  const rows =
    resellerIds === null
      ? await db.query<Brand>(`${BRAND_SELECT} where s.id = $1`, [id])
      : await db.query<Brand>(`${BRAND_SELECT} where s.id = $1 and s.reseller_id = any($2::int[])`, [
          id,
          [...resellerIds],
        ]);
  return rows[0] ?? null;
}

/** Host names among these that a brand other than `exceptId` already answers on. */
export async function takenHosts(
  db: Queryable,
  hosts: readonly string[],
  exceptId: number,
): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db.query<{ host: string }>(
    "select host from site_hosts where host = any($1::text[]) and site_id <> $2 order by host",
    [[...hosts], exceptId],
  );
  return rows.map((r) => r.host);
}

/** The columns and branding keys a write sets; keys the form does not edit (map keys, changelog) are kept. */
async function write(db: Queryable, id: number, b: BrandBody): Promise<void> {
  await db.query(
    `update sites set name = $2, timezone = $3, primary_color = $4, origin = nullif($5, ''), support_email = $6,
       support_phone = $7, privacy = $8, product_name = $9,
       branding = branding || jsonb_build_object('terms', $10::text,
         'apps', coalesce(branding->'apps', '{}'::jsonb) || $11::jsonb, 'mapProvider', $12::text)
     where id = $1`,
    [
      id,
      b.name,
      b.timezone,
      b.primaryColor,
      b.origin,
      b.supportEmail,
      b.supportPhone,
      b.privacy,
      b.productName,
      b.terms,
      b.apps,
      b.mapProvider,
    ],
  );
  if (b.assigned === true)
    await db.query(
      "update resellers r set site_id = s.id from sites s where s.id = $1 and r.id = s.reseller_id",
      [id],
    );
  await db.query("delete from site_hosts where site_id = $1", [id]);
  if (b.hosts.length > 0)
    await db.query("insert into site_hosts (host, site_id) select unnest($1::text[]), $2", [b.hosts, id]);
}

/**
 * A new brand managed by the reseller. The reseller's first brand becomes its own (`resellers.site_id`):
 * its companies, and those of sub-resellers without a brand of their own, carry it from then on.
 */
export async function insertBrand(db: Queryable, resellerId: number, b: BrandBody): Promise<number> {
  const rows = await db.query<{ id: number }>(
    "insert into sites (name, timezone, reseller_id) values ($1, $2, $3) returning id",
    [b.name, b.timezone, resellerId],
  );
  const id = rows[0]!.id;
  await write(db, id, b);
  await db.query("update resellers set site_id = $2 where id = $1 and site_id is null", [resellerId, id]);
  return id;
}

export async function updateBrand(db: Queryable, id: number, b: BrandBody): Promise<void> {
  await write(db, id, b);
}

/** Sets the link of the brand's logo or favicon and answers the link it had. */
export async function setBrandImage(
  db: Queryable,
  id: number,
  image: BrandImage,
  url: string,
): Promise<string> {
  const column = image === "logo" ? "logo_url" : "favicon_url";
  const rows = await db.query<{ previous: string }>(
    `update sites s set ${column} = $2 from sites old where s.id = $1 and old.id = s.id
     returning old.${column} as previous`,
    [id, url],
  );
  return rows[0]?.previous ?? "";
}

/** The reseller that keeps a brand's files: its manager, or for the platform's brand the caller's reseller. */
export async function brandFileOwner(db: Queryable, id: number): Promise<number | null> {
  const rows = await db.query<{ reseller_id: number | null }>("select reseller_id from sites where id = $1", [
    id,
  ]);
  return rows[0]?.reseller_id ?? null;
}

/** Whether the brand is the platform's own (the first site): it answers every host no brand claims. */
export async function isDefaultBrand(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ is_default: boolean }>(
    "select $1::int = (select min(id) from sites) as is_default",
    [id],
  );
  return rows[0]?.is_default ?? false;
}

/**
 * Deletes a brand and its host names (cascade). Resellers that carried it carry the nearest brand up their
 * tree again. Answers the links of its images, for the caller to remove their files.
 */
export async function deleteBrand(
  db: Queryable,
  id: number,
): Promise<{ logoUrl: string; faviconUrl: string }> {
  await db.query("update resellers set site_id = null where site_id = $1", [id]);
  const rows = await db.query<{ logoUrl: string; faviconUrl: string }>(
    `delete from sites where id = $1 returning logo_url as "logoUrl", favicon_url as "faviconUrl"`,
    [id],
  );
  return rows[0] ?? { logoUrl: "", faviconUrl: "" };
}
