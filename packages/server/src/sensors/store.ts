import type { SensorSetting } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

type Scope = Pick<CompanyScope, "companyId">;

/** The company's sensor settings, by key. */
export function sensorSettings(db: Queryable, scope: Scope): Promise<SensorSetting[]> {
  return companyQuery(
    db,
    scope,
  )<SensorSetting>(
    "select key, name, unit, multiplier, hidden from sensor_settings where company_id = $1 order by key",
  );
}

/** Replaces every sensor setting of the company with `rows` (run it inside the caller's transaction). */
export async function replaceSensorSettings(
  tx: Queryable,
  scope: Scope,
  rows: readonly SensorSetting[],
): Promise<void> {
  const q = companyQuery(tx, scope);
  await q("delete from sensor_settings where company_id = $1");
  if (rows.length > 0)
    await q(
      `insert into sensor_settings (company_id, key, name, unit, multiplier, hidden)
       select $1, r.key, r.name, r.unit, r.multiplier, r.hidden
       from jsonb_to_recordset($2::jsonb) as r(key text, name text, unit text, multiplier double precision, hidden boolean)`,
      [JSON.stringify(rows)],
    );
}
