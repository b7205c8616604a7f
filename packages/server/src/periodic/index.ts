/** Public surface of `periodic/`. Periodic report schedules: their routes and the scheduler that runs them. */

export type { RenderReport, ReportFile, ReportRequest } from "./render.ts";
export { reportEngineRenderer } from "./report-engine.ts";
export { periodicRoutes } from "./routes.ts";
export { PeriodicScheduler } from "./scheduler.ts";
