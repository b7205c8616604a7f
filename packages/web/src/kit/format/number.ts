import { formatDistanceIn, formatNumber, formatOneDecimal } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * The web's one number format: every figure a screen shows (live panel, reports, dashboard, map tools) goes
 * through these, in the user's language, so one panel never mixes "181360.7 km" with "181.360,7 km".
 * Coordinates are the exception: they keep the dot so they can be copied into a map or a device.
 */

/** A plain number with at most `digits` decimals (exactly `digits` when `fixed`). */
export const formatNumberIn = (value: number, lang: string, digits = 0, fixed = false): string =>
  formatNumber(value, lang, digits, fixed);

/** Metres under 1 km, else km with one decimal. */
export const formatDistance = (metres: number, lang: string): string => formatDistanceIn(metres, lang);

/** Litres with one decimal, a trailing zero trimmed. */
export const formatLitres = (litres: number, lang: string): string => `${formatOneDecimal(litres, lang)} L`;

/** m² under a hectare, ha under a km², km² above (two decimals). */
export function formatArea(m2: number, lang: string): string {
  if (m2 < 10_000) return `${formatNumber(m2, lang)} m²`;
  if (m2 < 1_000_000) return `${formatNumber(m2 / 10_000, lang, 2, true)} ha`;
  return `${formatNumber(m2 / 1_000_000, lang, 2, true)} km²`;
}

/** An amount of money with two decimals and its currency code after it. */
export const formatMoney = (amount: number, currency: string, lang: string): string =>
  `${formatNumber(amount, lang, 2, true)} ${currency}`;

/** The formats above bound to the user's language (they change when the language does). */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      lang,
      number: (value: number, digits = 0, fixed = false) => formatNumberIn(value, lang, digits, fixed),
      distance: (metres: number) => formatDistance(metres, lang),
      litres: (litres: number) => formatLitres(litres, lang),
      area: (m2: number) => formatArea(m2, lang),
      money: (amount: number, currency: string) => formatMoney(amount, currency, lang),
    }),
    [lang],
  );
}
