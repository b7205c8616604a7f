import { COST_TYPES, columnLabel, costPerKm, ITEM_TYPE, type ReportCell, reportWords } from "@vigia/domain";
import { type Builder, cols } from "../run.ts";
import { chosenDays, daysPerItem, distanceOf, periodCosts } from "./period.ts";

/**
 * Costs per vehicle over the period: one row per vehicle and currency with the amount of each cost type, the
 * total, how many entries, the distance driven (daily aggregates) and the cost per km. Amounts of different
 * currencies are never added: each currency is its own row and its own chart series.
 */
export const costsReport: Builder = async (run) => {
  const { costs, currencies } = await periodCosts(run);
  run.step(0.4);
  const per = daysPerItem(await chosenDays(run));
  run.step(0.8);
  const ofVehicle = new Map<number, typeof costs>();
  for (const c of costs) ofVehicle.set(c.vehicleId, [...(ofVehicle.get(c.vehicleId) ?? []), c]);
  const perCategory = new Map<string, number>();
  const rows: ReportCell[][] = [];
  for (const item of run.selection.items) {
    if (item.itemType !== ITEM_TYPE.vehicle) continue;
    const distance = distanceOf(per.get(`1:${item.itemId}`) ?? []);
    const own = (ofVehicle.get(item.itemId) ?? []).sort((a, b) => a.currency.localeCompare(b.currency));
    for (const c of own) {
      const amounts = COST_TYPES.map((_, i) => c.byType.get(i + 1) ?? 0);
      amounts.forEach((amount, i) => {
        const key = `${i + 1}:${c.currency}`;
        perCategory.set(key, Math.round(((perCategory.get(key) ?? 0) + amount) * 100) / 100);
      });
      rows.push([
        item.name,
        c.currency,
        ...amounts,
        c.amount,
        c.count,
        distance,
        costPerKm(c.amount, distance),
      ]);
    }
  }
  const { lang } = run.request;
  const words = reportWords(lang);
  const seen = currencies.filter((currency) => rows.some((r) => r[1] === currency));
  return {
    columns: cols(
      ["item", "text"],
      ["currency", "text"],
      ...COST_TYPES.map((type): [string, "number"] => [type, "number"]),
      ["costs", "number"],
      ["costCount", "number"],
      ["distance", "distance"],
      ["costPerKm", "number"],
    ),
    rows,
    chart: rows.length
      ? {
          kind: "costPerCategory",
          series: seen,
          points: COST_TYPES.map((type, i) => ({
            x: columnLabel(words, lang, type),
            values: Object.fromEntries(
              seen.map((currency) => [currency, perCategory.get(`${i + 1}:${currency}`) ?? 0]),
            ),
          })),
        }
      : null,
    notice: rows.length ? null : "noData",
  };
};
