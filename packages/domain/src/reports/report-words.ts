import type { ReportTypeId } from "./catalogue.ts";

/**
 * Report titles and column headers of one language: one file per language (`labels.<lang>.ts`), each with every key of
 * `labels.en.ts` (labels.test.ts checks it). They live in the domain because both the screen and the server's files
 * (PDF, XLSX, CSV, periodic e-mails rendered without a browser) print them.
 */
export type ReportWords = {
  titles: Record<ReportTypeId, string>;
  columns: Record<string, string>;
  /** Column words of the costs, read after `columns`. */
  costColumns: Record<string, string>;
  header: { from: string; to: string; created: string };
};
