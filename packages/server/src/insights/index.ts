/** Public surface of `insights/`. Dashboard figures, heat-map binning and incidents, read over the user's items. */
export { gridStepDegrees } from "./binning.ts";
export { buildDueHeatDays, buildHeatDay } from "./heat-days.ts";
export { heatmap } from "./heatmap.ts";
export { findIncident } from "./incidents.ts";
export { insightsRoutes } from "./routes.ts";
