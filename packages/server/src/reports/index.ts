/**
 * Public surface of `reports/`. The report catalogue, engine (every report type over derived history and
 * bounded position reads), jobs with progress and cancellation, and exports (PDF, XLSX, CSV), plus
 * `renderReportFile` for periodic reports.
 */
export { checkLimits, prepareReport, runReport, searchTooBroad } from "./engine.ts";
export { ReportJobs } from "./jobs.ts";
export { type FileFormat, type ReportFile, renderReportFile, resultFile } from "./render.ts";
export { reportRoutes } from "./routes.ts";
