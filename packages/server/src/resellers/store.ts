import type { Queryable } from "../kernel/db/database.ts";

/** Data access of the reseller-load calls: the reseller tree, its companies and its support contacts. */

export interface ResellerListRow {
  id: number;
  name: string;
  parentId: number | null;
  email: string;
  phone: string;
  allowMapProvider: boolean;
  children: number[];
}

/** The resellers the caller may see (null: every one), with their direct children. */
export function visibleResellers(
  db: Queryable,
  allowed: readonly number[] | null,
): Promise<ResellerListRow[]> {
  return db.query<ResellerListRow>(
    `select r.id, r.name, r.parent_id as "parentId", r.email, r.phone,
       coalesce((r.conf->>'allowMapProvider')::boolean, false) as "allowMapProvider",
       coalesce((select array_agg(c.id order by c.id) from resellers c where c.parent_id = r.id), '{}') as children
     from resellers r where ($1::int[] is null or r.id = any($1::int[])) order by r.id`,
    [allowed],
  );
}

export interface TreeCompanyRow {
  id: number;
  name: string;
  state: number;
  resellerId: number;
  email: string;
  phone: string;
  address: string;
  nif: string;
  contact: string;
  demo: boolean;
  countryId: string;
  licenses: {
    vehicleTotal: number;
    vehicleBillable: number;
    assetTotal: number;
    assetBillable: number;
  };
  used: { vehicles: number; assets: number };
  retentionDays: number;
  createdTs: number;
}

/** The companies of the reseller tree by name, with how many vehicles and assets each has. */
export function treeCompanies(db: Queryable, resellerIds: readonly number[]): Promise<TreeCompanyRow[]> {
  return db.query<TreeCompanyRow>(
    `select id, name, state, reseller_id as "resellerId", email, phone, address, nif, contact, demo,
           country_id as "countryId", licenses, retention_days as "retentionDays", created_ts as "createdTs",
           jsonb_build_object(
             'vehicles', (select count(*) from vehicles v where v.company_id = c.id),
             'assets', (select count(*) from assets a where a.company_id = c.id)) as used
         from companies c where reseller_id = any($1::int[]) order by name`,
    [resellerIds],
  );
}

/** The support contacts as stored in the reseller's configuration, unchecked (undefined: none). */
export async function storedSupportContacts(db: Queryable, resellerId: number): Promise<unknown> {
  const rows = await db.query<{ conf: { supports?: unknown } }>("select conf from resellers where id = $1", [
    resellerId,
  ]);
  return rows[0]?.conf.supports;
}
