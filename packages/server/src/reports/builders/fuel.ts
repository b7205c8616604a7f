import type { ReportCell } from "@vigia/domain";
import { averageConsumption, ITEM_TYPE } from "@vigia/domain";
import { type VehiclePeriod, vehiclesFuel } from "../../derived/index.ts";
import { type Builder, cols, range } from "../run.ts";
import { chosenDays } from "./period.ts";

/**
 * Litres burnt per vehicle over the period and the average in the company's fuel unit, one decimal, from the
 * vehicle's best fuel source (derived/fuel.ts), with the refuels and drops its level sensor shows.
 */
export const fuelReport: Builder = async (run) => {
  const list = await chosenDays(run);
  const per = new Map<number, VehiclePeriod & { idle: number }>();
  for (const item of run.selection.items)
    if (item.itemType === ITEM_TYPE.vehicle) per.set(item.itemId, { counterL: null, distanceM: 0, idle: 0 });
  for (const d of list) {
    const acc = d.itemType === ITEM_TYPE.vehicle ? per.get(d.itemId) : undefined;
    if (!acc) continue;
    acc.distanceM += d.distanceM;
    acc.idle += d.idleMs;
    if (d.fuelUsed !== null) acc.counterL = (acc.counterL ?? 0) + d.fuelUsed;
  }
  run.step(0.4);
  const { from, to } = range(run);
  const fuel = await vehiclesFuel(run.db, run.scope.companyId, { from, to }, per);
  const sum = (xs: { litres: number }[]) => Math.round(xs.reduce((s, e) => s + e.litres, 0) * 10) / 10;
  const rows: ReportCell[][] = run.selection.items
    .filter((item) => item.itemType === ITEM_TYPE.vehicle)
    .map((item) => {
      const acc = per.get(item.itemId);
      const f = fuel.get(item.itemId);
      const litres = f?.litres ?? null;
      const distance = acc?.distanceM ?? 0;
      return [
        item.name,
        distance,
        litres,
        averageConsumption(litres, distance, run.fuelUnit),
        acc?.idle ?? 0,
        f?.source === "level" ? sum(f.refuels) : null,
        f?.source === "level" ? sum(f.drops) : null,
      ];
    });
  return {
    columns: cols(
      ["item", "text"],
      ["distance", "distance"],
      ["fuel", "fuel"],
      ["averageFuel", "consumption"],
      ["idleTime", "duration"],
      ["refuels", "fuel"],
      ["fuelDrops", "fuel"],
    ),
    rows,
    chart: {
      kind: "fuelPerItem",
      series: ["litres"],
      points: rows.map((r) => ({ x: String(r[0]), values: { litres: Number(r[2] ?? 0) } })),
    },
    notice: rows.some((r) => r[2] !== null) ? null : "noData",
  };
};
