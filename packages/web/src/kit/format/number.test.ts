import { describe, expect, it } from "vitest";
import { formatArea, formatDistance, formatLitres, formatMoney, formatNumberIn } from "./number.ts";

const NNBSP = "\u202f";

describe("numbers in the user's language", () => {
  it.each([
    ["en", "181,360.7 km", "999 m", "12 L", "2.50 ha", "3.40 km²", "1,234.50 EUR", "87.5"],
    ["es", "181.360,7 km", "999 m", "12 L", "2,50 ha", "3,40 km²", "1234,50 EUR", "87,5"],
    ["fr", `181${NNBSP}360,7 km`, "999 m", "12 L", "2,50 ha", "3,40 km²", `1${NNBSP}234,50 EUR`, "87,5"],
    ["it", "181.360,7 km", "999 m", "12 L", "2,50 ha", "3,40 km²", "1234,50 EUR", "87,5"],
    ["pt", "181.360,7 km", "999 m", "12 L", "2,50 ha", "3,40 km²", "1.234,50 EUR", "87,5"],
    ["tr", "181.360,7 km", "999 m", "12 L", "2,50 ha", "3,40 km²", "1.234,50 EUR", "87,5"],
  ])("%s", (lang, odometer, short, litres, ha, km2, money, score) => {
    expect(formatDistance(181_360_740, lang)).toBe(odometer);
    expect(formatDistance(999, lang)).toBe(short);
    expect(formatLitres(12.04, lang)).toBe(litres);
    expect(formatArea(25_000, lang)).toBe(ha);
    expect(formatArea(3_400_000, lang)).toBe(km2);
    expect(formatMoney(1234.5, "EUR", lang)).toBe(money);
    expect(formatNumberIn(87.46, lang, 1, true)).toBe(score);
  });

  it("the Spanish trip distance reads 15,5 km, never 15,500 km", () => {
    expect(formatDistance(15_500, "es")).toBe("15,5 km");
  });
});
