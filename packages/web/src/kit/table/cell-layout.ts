/**
 * How a table cell's text is laid out so that wide tables fit the screen: figures (dates, times, amounts with
 * their unit) break only between their words, never inside "2026-11-21" or "16.0 km"; other text wraps, is cut
 * after two lines with an ellipsis, and keeps its whole content in a tooltip when it may have been cut.
 */

/** Widest a text cell grows before it wraps (px). */
export const TEXT_MAX_WIDTH = 240;
/** Lines of text a cell shows before the ellipsis. */
export const TEXT_LINES = 2;
/** Texts at least this long may be cut, so they carry their whole content as a tooltip. */
export const TOOLTIP_FROM_CHARS = 16;

/** A word after the number that names its unit: "km", "km/h", "EUR", "%", "L"… */
const UNIT = /^[\p{L}°%$€£/]{1,4}(\/\p{L}{1,2})?$/u;

/**
 * A figure: its first word has a digit and every later word has one too or is a short unit
 * ("2026-11-21 08:36:57", "16.0 km", "290.40 EUR", "0:21:00"); "Seat Leon 3" is text.
 */
export function isFigure(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length === 0 || !/\d/.test(words[0] ?? "")) return false;
  return words.every((w) => /\d/.test(w) || UNIT.test(w));
}

/** The words of a figure, each kept on one line. */
export const figureWords = (text: string): string[] => text.trim().split(/\s+/);

/** The tooltip of a text cell: the whole text when it may not fit, else none. */
export const cellTooltip = (text: string): string | undefined =>
  text.length >= TOOLTIP_FROM_CHARS ? text : undefined;
