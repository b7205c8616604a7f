import { z } from "zod";
import type { RowResult } from "./csv.ts";

/**
 * Costs: name, type, quantity, unit price, tax, currency, date, vehicle, driver, asset,
 * description. The amount is quantity × unit price plus the tax percent. Amounts of different currencies
 * are never added together.
 */
export const COST_TYPES = ["maintenance", "repair", "toll", "tax"] as const;
export const COST_CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "MXN",
  "BRL",
  "TRY",
  "CLP",
  "COP",
  "ARS",
  "PEN",
] as const;

export const COST_ERROR = {
  currencies: "costs.currencies",
  deleteCount: "costs.deleteCount",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The years a stored day may fall in: the database has no year 0, and nothing of a fleet predates 1900. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/** A real calendar day written yyyy-mm-dd (or y/m/d in a CSV: see `parseCostDate`), in the supported years. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export const costDateSchema = z.string().refine(isCalendarDate, "date.invalid");

export const costWriteSchema = z.object({
  name: z.string().trim().min(1).max(100),
  typeId: z.number().int().min(1).max(COST_TYPES.length),
  quantity: z
    .number()
    .finite()
    .refine((n) => n !== 0, "quantity.zero"),
  unitPrice: z.number().finite().default(0),
  tax: z.number().finite().default(0),
  currency: z.enum(COST_CURRENCIES),
  date: costDateSchema,
  vehicleId: z.number().int().positive().nullable().default(null),
  driverId: z.number().int().positive().nullable().default(null),
  assetId: z.number().int().positive().nullable().default(null),
  description: z.string().max(100).default(""),
});
export type CostWrite = z.input<typeof costWriteSchema>;
export type CostValues = z.output<typeof costWriteSchema>;

export const costSchema = z.object({
  id: z.number(),
  name: z.string(),
  typeId: z.number(),
  quantity: z.number(),
  unitPrice: z.number(),
  tax: z.number(),
  currency: z.string(),
  date: z.string(),
  vehicleId: z.number().nullable(),
  driverId: z.number().nullable(),
  assetId: z.number().nullable(),
  description: z.string(),
  amount: z.number(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Cost = z.infer<typeof costSchema>;

/** Quantity × unit price plus the tax percent, rounded to cents. */
export function costAmount(c: { quantity: number; unitPrice: number; tax: number }): number {
  return Math.round(c.quantity * c.unitPrice * (1 + c.tax / 100) * 100) / 100;
}

/** The sum of amounts in one currency, or the spec's error when they mix currencies. */
export function sumCosts(
  costs: readonly { amount: number; currency: string }[],
):
  | { ok: true; currency: string | null; amount: number }
  | { ok: false; error: typeof COST_ERROR.currencies } {
  const currencies = new Set(costs.map((c) => c.currency));
  if (currencies.size > 1) return { ok: false, error: COST_ERROR.currencies };
  const amount = costs.reduce((total, c) => total + c.amount, 0);
  return { ok: true, currency: [...currencies][0] ?? null, amount: Math.round(amount * 100) / 100 };
}

export const COST_GROUPINGS = ["type", "month", "vehicle", "asset", "driver"] as const;
export type CostGrouping = (typeof COST_GROUPINGS)[number];

export const costTotalSchema = z.object({
  /** Type id, `yyyy-mm`, or item id (as text; "" for costs without that item). */
  key: z.string(),
  currency: z.string(),
  amount: z.number(),
  count: z.number(),
});
export type CostTotal = z.infer<typeof costTotalSchema>;

/** Totals per group and currency: one line per (key, currency), never a sum across currencies. */
export function costTotals(costs: readonly Cost[], by: CostGrouping): CostTotal[] {
  const keyOf = (c: Cost): string => {
    switch (by) {
      case "type":
        return String(c.typeId);
      case "month":
        return c.date.slice(0, 7);
      case "vehicle":
        return c.vehicleId === null ? "" : String(c.vehicleId);
      case "asset":
        return c.assetId === null ? "" : String(c.assetId);
      case "driver":
        return c.driverId === null ? "" : String(c.driverId);
    }
  };
  const totals = new Map<string, CostTotal>();
  for (const c of costs) {
    const key = keyOf(c);
    const id = `${key}\u0000${c.currency}`;
    const total = totals.get(id) ?? { key, currency: c.currency, amount: 0, count: 0 };
    total.amount = Math.round((total.amount + c.amount) * 100) / 100;
    total.count += 1;
    totals.set(id, total);
  }
  return [...totals.values()].sort(
    (a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
  );
}

/** CSV dates are year/month/day; dashes are accepted too. Returns yyyy-mm-dd or null. */
export function parseCostDate(text: string): string | null {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[1]}-${match[2]!.padStart(2, "0")}-${match[3]!.padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}

const NUMERIC = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/;
const numeric = (text: string): number | null => (NUMERIC.test(text) ? Number(text.replace(",", ".")) : null);

export interface CostRowContext {
  /** Lower-case plate or name → vehicle id, of the company's vehicles the caller may use. */
  vehicles: ReadonlyMap<string, number>;
  drivers: ReadonlyMap<string, number>;
  assets: ReadonlyMap<string, number>;
}

/**
 * Cost line: name, type, quantity, unitPrice, tax, currency, date, vehicle (plate or name), driver, asset,
 * description. Rules; each failure is an error key the import dialog shows per line.
 */
export function validateCostRow(cells: readonly string[], ctx: CostRowContext): RowResult<CostValues> {
  const [name = "", typeText = "", quantityText = "", unitPriceText = "", taxText = ""] = cells;
  const [currencyText = "", dateText = "", vehicle = "", driver = "", asset = "", description = ""] =
    cells.slice(5);
  const errors: string[] = [];
  if (name === "") errors.push("name.required");
  else if (name.length > 100) errors.push("name.tooLong");
  if (description.length > 100) errors.push("description.tooLong");
  const typeIndex = COST_TYPES.findIndex(
    (t, i) => t === typeText.toLowerCase() || String(i + 1) === typeText,
  );
  if (typeIndex < 0) errors.push("invalidCostType");
  const quantity = quantityText === "" ? null : numeric(quantityText);
  if (quantityText === "") errors.push("quantity.required");
  else if (quantity === null) errors.push("quantity.numeric");
  else if (quantity === 0) errors.push("quantity.zero");
  const unitPrice = unitPriceText === "" ? 0 : numeric(unitPriceText);
  if (unitPrice === null) errors.push("unitPrice.numeric");
  const tax = taxText === "" ? 0 : numeric(taxText);
  if (tax === null) errors.push("tax.numeric");
  const currency = currencyText.toUpperCase();
  if (!(COST_CURRENCIES as readonly string[]).includes(currency)) errors.push("invalidCurrency");
  const date = parseCostDate(dateText);
  if (!date) errors.push("invalidDate");
  const lookup = (text: string, map: ReadonlyMap<string, number>, error: string): number | null => {
    if (text === "") return null;
    const id = map.get(text.toLowerCase());
    if (id === undefined) errors.push(`${error}:${text}`);
    return id ?? null;
  };
  const vehicleId = lookup(vehicle, ctx.vehicles, "unknownVehicle");
  const driverId = lookup(driver, ctx.drivers, "unknownDriver");
  const assetId = lookup(asset, ctx.assets, "unknownAsset");
  if (errors.length > 0 || quantity === null || unitPrice === null || tax === null || !date)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      typeId: typeIndex + 1,
      quantity,
      unitPrice,
      tax,
      currency: currency as CostValues["currency"],
      date,
      vehicleId,
      driverId,
      assetId,
      description,
    },
  };
}

/**
 * Cost per km of one currency: the period's amount over the distance driven (metres), to the cent; null when
 * nothing was driven (a cost of a parked vehicle has no per-km figure, not an infinite one).
 */
export function costPerKm(amount: number, metres: number): number | null {
  if (metres <= 0) return null;
  return Math.round((amount / (metres / 1000)) * 100) / 100;
}
