import { en } from "./labels.en.ts";
import { es } from "./labels.es.ts";
import { fr } from "./labels.fr.ts";
import { it } from "./labels.it.ts";
import { pt } from "./labels.pt.ts";
import { tr } from "./labels.tr.ts";
import type { ReportWords } from "./report-words.ts";

export type { ReportWords } from "./report-words.ts";

/** Every language the reports are printed in, by its code; English for any other. */
export const REPORT_LOCALES: Record<string, ReportWords> = { en, es, fr, it, pt, tr };

/** The report words of a language (`es`, `es-ES`…), English when it has none. */
export function reportWords(lang: string): ReportWords {
  return REPORT_LOCALES[lang.slice(0, 2).toLowerCase()] ?? en;
}
