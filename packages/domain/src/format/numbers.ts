/**
 * Numbers as people read them: one format per language (decimal mark and digit grouping from the
 * language's own rules), so a panel never shows "181360.7 km" beside "181.360,7 km". `lang` null gives
 * machine text (a dot, no grouping) for files a program reads back, such as CSV. Pure.
 */

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: string, digits: number, fixed: boolean): Intl.NumberFormat {
  const key = `${lang}|${digits}|${fixed}`;
  let f = formats.get(key);
  if (!f) {
    const options = { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 };
    try {
      f = new Intl.NumberFormat(lang, options);
    } catch {
      // An unknown language tag must not break a screen or a PDF: English rules then.
      f = new Intl.NumberFormat("en", options);
    }
    formats.set(key, f);
  }
  return f;
}

/**
 * `value` with at most `digits` decimals (exactly `digits` when `fixed`), in the language's format.
 * Rounds half away from zero like the reports always did.
 */
export function formatNumber(value: number, lang: string | null, digits = 0, fixed = false): string {
  const f = 10 ** digits;
  const rounded = Math.sign(value) * (Math.round(Math.abs(value) * f) / f) + 0;
  if (lang === null) return fixed ? rounded.toFixed(digits) : String(rounded);
  return numberFormat(lang, digits, fixed).format(rounded);
}

/** A distance: metres under 1 km ("850 m"), else km with one decimal ("12.3 km" / "12,3 km"). */
export function formatDistanceIn(metres: number, lang: string | null): string {
  if (Math.abs(metres) < 1000) return `${formatNumber(metres, lang)} m`;
  return `${formatNumber(metres / 1000, lang, 1, true)} km`;
}

/** Litres (or a consumption) with one decimal, a trailing zero trimmed: 12.04 → "12", 12.35 → "12.4". */
export function formatOneDecimal(value: number, lang: string | null): string {
  return formatNumber(value, lang, 1);
}
