import type { Readable } from "node:stream";
import { type ReportRequest, type ReportResult, reportFileName, reportWords } from "@vigia/domain";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { prepareReport, runReport } from "./engine.ts";
import { reportCsv } from "./export-csv.ts";
import { reportPdf } from "./export-pdf.ts";
import { reportXlsx } from "./export-xlsx.ts";

export type FileFormat = "pdf" | "xlsx" | "csv";

export interface ReportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const CONTENT_TYPES: Record<FileFormat, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** The local date of `now` in the report's zone, for the file name. */
function isoDate(now: number, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A finished result as a file: name report_{name}_{date}.{ext}, content type, and the streamed body. */
export function resultFile(
  result: ReportResult,
  format: FileFormat,
  meta: { name: string; lang: string; timezone: string; siteName: string },
): ReportFile {
  const name = meta.name || reportWords(meta.lang).titles[result.type];
  const stream =
    format === "pdf"
      ? reportPdf(result, { siteName: meta.siteName, lang: meta.lang, timezone: meta.timezone })
      : format === "xlsx"
        ? reportXlsx(result, meta.lang, meta.timezone)
        : reportCsv(result, meta.lang, meta.timezone);
  return {
    fileName: reportFileName(name, isoDate(result.createdTs, meta.timezone), format),
    contentType: CONTENT_TYPES[format],
    stream,
  };
}

/**
 * Renders a saved report definition to a file, without a job or a request: what periodic reports call. The
 * scope decides what the report may read (use the scope of the user who owns the periodic report). Throws the
 * 406 ApiError when the definition is too broad.
 */
export async function renderReportFile(
  deps: { db: Queryable; geocoder: ReverseGeocoder; now: number; siteName: string },
  scope: CompanyScope,
  definition: ReportRequest,
  format: FileFormat,
): Promise<ReportFile & { result: ReportResult }> {
  const prepared = await prepareReport(deps.db, scope, definition);
  const result = await runReport(prepared, {
    db: deps.db,
    geocoder: deps.geocoder,
    now: deps.now,
    step: () => {},
  });
  return {
    ...resultFile(result, format, {
      name: definition.name,
      lang: definition.lang,
      timezone: definition.timezone,
      siteName: deps.siteName,
    }),
    result,
  };
}
