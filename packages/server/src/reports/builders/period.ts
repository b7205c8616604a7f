import type { DerivedDay } from "@vigia/domain";
import { costsByVehicle, type VehicleCostTotal } from "../../costs/index.ts";
import { days } from "../../derived/index.ts";
import { type Builder, localDay, onChosenDay, range } from "../run.ts";

/** The days of the selection that fall on the chosen week days (daily aggregates, never raw positions). */
export async function chosenDays(run: Parameters<Builder>[0]): Promise<DerivedDay[]> {
  return (await days(run.db, run.scope, range(run))).filter((d) =>
    onChosenDay(run, d.dayStartTs + 43_200_000),
  );
}

export const distanceOf = (ds: readonly DerivedDay[]): number => ds.reduce((s, d) => s + d.distanceM, 0);

/** The selection's days grouped per item (`itemType:itemId`). */
export function daysPerItem(list: readonly DerivedDay[]): Map<string, DerivedDay[]> {
  const per = new Map<string, DerivedDay[]>();
  for (const d of list) {
    const key = `${d.itemType}:${d.itemId}`;
    const items = per.get(key);
    if (items) items.push(d);
    else per.set(key, [d]);
  }
  return per;
}

/**
 * The vehicles' costs of the report's local days, per vehicle and currency with the split per cost type: what
 * the summary and the costs report read (never added across currencies), and the currencies found, sorted.
 */
export async function periodCosts(
  run: Parameters<Builder>[0],
): Promise<{ costs: VehicleCostTotal[]; currencies: string[] }> {
  const { timezone, timeLimits } = run.request;
  const costs = await costsByVehicle(
    run.db,
    run.scope,
    localDay(timeLimits.from, timezone).day,
    localDay(timeLimits.to - 1, timezone).day,
  );
  return { costs, currencies: [...new Set(costs.map((c) => c.currency))].sort() };
}
