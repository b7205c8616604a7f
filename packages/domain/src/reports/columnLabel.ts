import type { reportWords } from "./labels.ts";

type Words = ReturnType<typeof reportWords>;

/** Column words added with the costs in reports (kept here so labels.ts stays one table per language). */
const COST_WORDS: Record<string, Record<string, string>> = {
  en: {
    costs: "Costs",
    costPerKm: "Cost per km",
    currency: "Currency",
    costCount: "Entries",
    maintenance: "Maintenance",
    repair: "Repair",
    toll: "Tolls",
    tax: "Taxes",
  },
  es: {
    costs: "Costes",
    costPerKm: "Coste por km",
    currency: "Moneda",
    costCount: "Registros",
    maintenance: "Mantenimiento",
    repair: "Reparación",
    toll: "Peajes",
    tax: "Impuestos",
  },
  fr: {
    costs: "Coûts",
    costPerKm: "Coût par km",
    currency: "Devise",
    costCount: "Saisies",
    maintenance: "Entretien",
    repair: "Réparation",
    toll: "Péages",
    tax: "Taxes",
  },
  it: {
    costs: "Costi",
    costPerKm: "Costo per km",
    currency: "Valuta",
    costCount: "Registrazioni",
    maintenance: "Manutenzione",
    repair: "Riparazione",
    toll: "Pedaggi",
    tax: "Tasse",
  },
  pt: {
    costs: "Custos",
    costPerKm: "Custo por km",
    currency: "Moeda",
    costCount: "Registos",
    maintenance: "Manutenção",
    repair: "Reparação",
    toll: "Portagens",
    tax: "Impostos",
  },
  tr: {
    costs: "Maliyetler",
    costPerKm: "Km başına maliyet",
    currency: "Para birimi",
    costCount: "Kayıtlar",
    maintenance: "Bakım",
    repair: "Onarım",
    toll: "Geçiş ücretleri",
    tax: "Vergiler",
  },
};

/**
 * A column's header. A key `base:SUFFIX` is a column of one currency (costs:EUR): the base's word with the
 * suffix in brackets, so amounts of different currencies sit in different columns and are never added up.
 */
export function columnLabel(words: Words, lang: string, key: string): string {
  const [base = key, suffix] = key.split(":");
  const costWords = COST_WORDS[lang.slice(0, 2).toLowerCase()] ?? COST_WORDS.en!;
  const word = words.columns[base] ?? costWords[base] ?? base;
  return suffix ? `${word} (${suffix})` : word;
}
