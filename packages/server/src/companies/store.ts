import type { CompanyInfo, SensorSetting } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/** A `companies` row as stored (snake_case columns, `conf` and `licenses` as JSON). */
export interface CompanyRow {
  id: number;
  name: string;
  state: number;
  conf: Record<string, unknown> & {
    general?: Record<string, unknown>;
    supports?: unknown;
    customStates?: unknown;
    customDatas?: unknown;
  };
  licenses: Record<string, number>;
  retention_days: number;
  password_expiration_days: number | null;
  restrictions: CompanyInfo["restrictions"];
  map_type: string;
  cartography: string;
  cra_code: string;
  centre: { lat: number; lng: number } | null;
  reseller_id: number;
  demo: boolean;
}

type Scope = Pick<CompanyScope, "companyId">;

/** The scope's company row; 404 when it is gone. */
export async function companyRow(db: Queryable, scope: Scope): Promise<CompanyRow> {
  const rows = await companyQuery(db, scope)<CompanyRow>("select * from companies where id = $1");
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** The custom states as the company's configuration stores them (unparsed; undefined when unset). */
export async function storedCustomStates(db: Queryable, scope: Scope): Promise<unknown> {
  const rows = await companyQuery(
    db,
    scope,
  )<{ conf: { customStates?: unknown } }>("select conf from companies where id = $1");
  return rows[0]?.conf.customStates;
}

/** The protocols the company's devices speak, sorted. */
export async function companyProtocols(db: Queryable, scope: Scope): Promise<string[]> {
  const rows = await companyQuery(
    db,
    scope,
  )<{ proto: string }>(
    `select distinct t.proto from devices d join device_types t on t.id = d.type_id where d.company_id = $1
     order by t.proto`,
  );
  return rows.map((r) => r.proto);
}

/** The company's own sensor names, units, multipliers and hidden flags. */
export function companySensorSettings(db: Queryable, scope: Scope): Promise<SensorSetting[]> {
  return companyQuery(
    db,
    scope,
  )<SensorSetting>("select key, name, unit, multiplier, hidden from sensor_settings where company_id = $1");
}
