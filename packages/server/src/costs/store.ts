import { type Cost, type CostFilter, type CostValues, costAmount } from "@vigia/domain";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { badRequest } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

interface CostRow {
  id: number;
  name: string;
  type_id: number;
  quantity: number;
  unit_price: number;
  tax: number;
  currency: string;
  date: string;
  vehicle_id: number | null;
  driver_id: number | null;
  asset_id: number | null;
  description: string;
  created_ts: string;
  updated_ts: string;
}

const present = (r: CostRow): Cost => ({
  id: r.id,
  name: r.name,
  typeId: r.type_id,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  tax: r.tax,
  currency: r.currency,
  date: r.date,
  vehicleId: r.vehicle_id,
  driverId: r.driver_id,
  assetId: r.asset_id,
  description: r.description,
  amount: costAmount({ quantity: r.quantity, unitPrice: r.unit_price, tax: r.tax }),
  createdTs: Number(r.created_ts),
  updatedTs: Number(r.updated_ts),
});

const COLUMNS = `c.id, c.name, c.type_id, c.quantity, c.unit_price, c.tax, c.currency, to_char(c.date, 'YYYY-MM-DD') as date,
  c.vehicle_id, c.driver_id, c.asset_id, c.description, c.created_ts, c.updated_ts`;

/**
 * Which costs a caller sees: all of the company, or for group-scoped users those whose vehicle, asset and
 * driver (when set) lie in their groups; a cost of no item is the company's and everyone sees it.
 */
function visibility(groupsParam: string): string {
  return `(${groupsParam}::int[] is null or (
    (c.vehicle_id is null or exists (select 1 from vehicles v where v.id = c.vehicle_id and v.group_id = any(${groupsParam}::int[])))
    and (c.asset_id is null or exists (select 1 from assets a where a.id = c.asset_id and a.group_id = any(${groupsParam}::int[])))
    and (c.driver_id is null or exists (select 1 from drivers d where d.id = c.driver_id
      and (d.group_id is null or d.group_id = any(${groupsParam}::int[]))))))`;
}

export async function listCosts(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  filter: CostFilter,
  ids?: readonly number[],
): Promise<Cost[]> {
  const params: SqlParam[] = [scope.companyId, scope.groupIds];
  const where = ["c.company_id = $1", visibility("$2")];
  const add = (sql: (n: string) => string, value: SqlParam | undefined) => {
    if (value === undefined) return;
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  add((n) => `c.date >= ${n}::date`, filter.from);
  add((n) => `c.date <= ${n}::date`, filter.to);
  add((n) => `c.type_id = ${n}`, filter.typeId);
  add((n) => `c.currency = ${n}`, filter.currency);
  add((n) => `c.vehicle_id = ${n}`, filter.vehicleId);
  add((n) => `c.asset_id = ${n}`, filter.assetId);
  add((n) => `c.driver_id = ${n}`, filter.driverId);
  add((n) => `c.id = any(${n}::int[])`, ids);
  const rows = await db.query<CostRow>(
    `select ${COLUMNS} from costs c where ${where.join(" and ")} order by c.date desc, c.id desc`,
    params,
  );
  return rows.map(present);
}

export async function oneCost(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  id: number,
): Promise<Cost | undefined> {
  return (await listCosts(db, scope, {}, [id]))[0];
}

/**
 * The vehicle, driver and asset a cost names must be the company's and inside the caller's groups; a
 * wrong one is a field error, like any other invalid value.
 */
export async function checkCostItems(db: Queryable, scope: CompanyScope, values: CostValues): Promise<void> {
  const fields: Record<string, string> = {};
  const check = async (table: string, id: number | null, field: string, openWithoutGroup: boolean) => {
    if (id === null) return;
    const rows = await db.query<{ group_id: number | null }>(
      `select group_id from ${table} where id = $1 and company_id = $2`,
      [id, scope.companyId],
    );
    const row = rows[0];
    const visible =
      row !== undefined &&
      (scope.groupIds === null ||
        (row.group_id === null ? openWithoutGroup : scope.groupIds.includes(row.group_id)));
    if (!visible) fields[field] = "unknownItem";
  };
  await check("vehicles", values.vehicleId, "vehicleId", false);
  await check("drivers", values.driverId, "driverId", true);
  await check("assets", values.assetId, "assetId", false);
  if (Object.keys(fields).length > 0) throw badRequest("validation.failed", fields);
}

/** Inserts costs in one statement (the form's one, or every valid line of an import) and returns their ids. */
export async function insertCosts(
  db: Queryable,
  companyId: number,
  values: readonly CostValues[],
  now: number,
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    `insert into costs (company_id, name, type_id, quantity, unit_price, tax, currency, date, vehicle_id,
       driver_id, asset_id, description, created_ts, updated_ts)
     select $1, r.name, r."typeId", r.quantity, r."unitPrice", r.tax, r.currency, r.date::date, r."vehicleId",
       r."driverId", r."assetId", r.description, $3, $3
     from jsonb_to_recordset($2::jsonb) as r(name text, "typeId" int, quantity double precision,
       "unitPrice" double precision, tax double precision, currency text, date text, "vehicleId" int,
       "driverId" int, "assetId" int, description text)
     returning id`,
    [companyId, JSON.stringify(values), now],
  );
  return rows.map((r) => r.id);
}

export async function updateCost(
  db: Queryable,
  companyId: number,
  id: number,
  v: CostValues,
  now: number,
): Promise<void> {
  await db.query(
    `update costs set name = $3, type_id = $4, quantity = $5, unit_price = $6, tax = $7, currency = $8,
       date = $9::date, vehicle_id = $10, driver_id = $11, asset_id = $12, description = $13, updated_ts = $14
     where id = $1 and company_id = $2`,
    [
      id,
      companyId,
      v.name,
      v.typeId,
      v.quantity,
      v.unitPrice,
      v.tax,
      v.currency,
      v.date,
      v.vehicleId,
      v.driverId,
      v.assetId,
      v.description,
      now,
    ],
  );
}

/** A vehicle's costs in one currency over a period: the total, how many, and the amount of each cost type. */
export interface VehicleCostTotal {
  vehicleId: number;
  currency: string;
  amount: number;
  count: number;
  /** Amount per cost type id (1-based, `COST_TYPES`). */
  byType: Map<number, number>;
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * Cost amounts per vehicle and currency over a day range, with their split per cost type, for the reports
 * (summary columns, costs report; the `reports` capability divides by the distance it knows for the cost per
 * km). Only costs tied to a vehicle count; amounts of different currencies are never added.
 */
export async function costsByVehicle(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId" | "groupIds">,
  from: string,
  to: string,
): Promise<VehicleCostTotal[]> {
  const costs = await listCosts(db, scope, { from, to });
  const totals = new Map<string, VehicleCostTotal>();
  for (const c of costs) {
    if (c.vehicleId === null) continue;
    const key = `${c.vehicleId}:${c.currency}`;
    let t = totals.get(key);
    if (!t) {
      t = { vehicleId: c.vehicleId, currency: c.currency, amount: 0, count: 0, byType: new Map() };
      totals.set(key, t);
    }
    t.amount = cents(t.amount + c.amount);
    t.count += 1;
    t.byType.set(c.typeId, cents((t.byType.get(c.typeId) ?? 0) + c.amount));
  }
  return [...totals.values()];
}

/** Deletes the company's costs with these ids (the caller has checked they are visible to the user). */
export async function deleteCosts(
  db: Queryable,
  scope: Pick<CompanyScope, "companyId">,
  ids: readonly number[],
): Promise<void> {
  await companyQuery(db, scope)("delete from costs where company_id = $1 and id = any($2::int[])", [ids]);
}
