import { ITEM_TYPE } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { type FuelEvent, fuelFromLevels, type LevelSample } from "./fuel-levels.ts";

/**
 * A vehicle's fuel over a period, from the best source it has: the litres its device counts (CAN totals, in the
 * daily rows), else its tank level sensor (fuel-levels.ts, with the tank size), else its consumption figure
 * (L/100 km) over the distance driven. Litres are multiplied by the vehicle's correction factor.
 */
export type FuelSource = "counter" | "level" | "consumption";

export interface VehicleFuel {
  litres: number | null;
  source: FuelSource | null;
  refuels: FuelEvent[];
  drops: FuelEvent[];
}

export interface VehiclePeriod {
  /** Litres counted by the device in the daily rows; null when it counts none. */
  counterL: number | null;
  distanceM: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

function consumptionAverage(consumption: unknown): number | null {
  if (typeof consumption !== "object" || consumption === null || !("average" in consumption)) return null;
  const average = consumption.average;
  return typeof average === "number" && average > 0 ? average : null;
}

export async function vehiclesFuel(
  db: Queryable,
  companyId: number,
  period: { from: number; to: number },
  vehicles: ReadonlyMap<number, VehiclePeriod>,
): Promise<Map<number, VehicleFuel>> {
  const out = new Map<number, VehicleFuel>();
  if (vehicles.size === 0) return out;
  const rows = await db.query<{
    id: number;
    fuel_tank: number | null;
    fuel_factor: number | null;
    consumption: unknown;
  }>(
    "select id, fuel_tank, fuel_factor, consumption from vehicles where company_id = $1 and id = any($2::int[])",
    [companyId, [...vehicles.keys()]],
  );
  const levelled = rows.filter((r) => vehicles.get(r.id)?.counterL === null && Number(r.fuel_tank) > 0);
  const samples = new Map<number, LevelSample[]>();
  if (levelled.length > 0) {
    const levels = await db.query<{ item_id: number; ts: string; pct: number; spd: number }>(
      `select item_id, ts, (attributes->>'fuel')::float8 as pct, spd from positions
       where company_id = $1 and item_type = ${ITEM_TYPE.vehicle} and item_id = any($2::int[]) and ts >= $3 and ts < $4
         and jsonb_typeof(attributes->'fuel') = 'number'
       order by item_id, ts`,
      [companyId, levelled.map((r) => r.id), period.from, period.to],
    );
    for (const l of levels) {
      const list = samples.get(l.item_id) ?? [];
      list.push({ ts: Number(l.ts), pct: Number(l.pct), spd: Number(l.spd) });
      samples.set(l.item_id, list);
    }
  }
  for (const r of rows) {
    const period_ = vehicles.get(r.id);
    if (!period_) continue;
    const factor = Number(r.fuel_factor) > 0 ? Number(r.fuel_factor) : 1;
    const fromLevels = samples.get(r.id);
    const average = consumptionAverage(r.consumption);
    if (period_.counterL !== null) {
      out.set(r.id, { litres: round1(period_.counterL * factor), source: "counter", refuels: [], drops: [] });
    } else if (fromLevels && fromLevels.length >= 2) {
      const f = fuelFromLevels(fromLevels, Number(r.fuel_tank));
      const scale = (e: FuelEvent) => ({ ts: e.ts, litres: round1(e.litres * factor) });
      out.set(r.id, {
        litres: round1(f.usedL * factor),
        source: "level",
        refuels: f.refuels.map(scale),
        drops: f.drops.map(scale),
      });
    } else if (average !== null && period_.distanceM > 0) {
      out.set(r.id, {
        litres: round1((period_.distanceM / 100_000) * average * factor),
        source: "consumption",
        refuels: [],
        drops: [],
      });
    } else out.set(r.id, { litres: null, source: null, refuels: [], drops: [] });
  }
  return out;
}
