import { type ReportWords, reportWords } from "./labels.ts";

/**
 * A column's header. A key `base:SUFFIX` is a column of one currency (costs:EUR): the base's word with the
 * suffix in brackets, so amounts of different currencies sit in different columns and are never added up.
 */
export function columnLabel(words: ReportWords, lang: string, key: string): string {
  const [base = key, suffix] = key.split(":");
  const word = words.columns[base] ?? reportWords(lang).costColumns[base] ?? base;
  return suffix ? `${word} (${suffix})` : word;
}
