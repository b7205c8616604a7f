import { describe, expect, it } from "vitest";
import { costPerKm } from "../model/costs.ts";
import { columnLabel } from "./column-label.ts";
import { reportWords } from "./labels.ts";

describe("column labels", () => {
  it.each([
    { lang: "en", key: "distance", label: "Distance" },
    { lang: "en", key: "costs:EUR", label: "Costs (EUR)" },
    { lang: "es", key: "costPerKm:USD", label: "Coste por km (USD)" },
    { lang: "tr", key: "costs:TRY", label: "Maliyetler (TRY)" },
    { lang: "xx", key: "unknown", label: "unknown" },
  ])("$lang $key → $label", ({ lang, key, label }) =>
    expect(columnLabel(reportWords(lang), lang, key)).toBe(label),
  );
});

describe("cost per km", () => {
  it.each([
    { amount: 100, metres: 200_000, expected: 0.5 },
    { amount: 10, metres: 3000, expected: 3.33 },
    { amount: 50, metres: 0, expected: null },
  ])("$amount over $metres m → $expected", ({ amount, metres, expected }) =>
    expect(costPerKm(amount, metres)).toBe(expected),
  );
});
