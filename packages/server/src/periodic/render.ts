import type { Language, PeriodicSelection, ReportTypeId } from "@vigia/domain";

/** A rendered report, ready to attach to a mail or post to a delivery URL. */
export interface ReportFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** What a periodic run asks the report engine for: one definition over one period, in one format. */
export interface ReportRequest {
  companyId: number;
  reportType: ReportTypeId;
  selection: PeriodicSelection;
  fromTs: number;
  toTs: number;
  timezone: string;
  format: "pdf" | "xlsx" | "csv";
  /** The schedule's name, for the file name and the title. */
  title: string;
  /** The administrator who made the schedule: the run reads what this user may read. */
  ownerUserId: number | null;
  /** The language the report is written in: its recipient's. */
  lang: Language;
}

/**
 * The narrow interface the scheduler needs from the report engine (the `reports` capability renders a report
 * definition to a file). Injected, so the scheduler is tested with a renderer of its own.
 */
export type RenderReport = (request: ReportRequest) => Promise<ReportFile>;
