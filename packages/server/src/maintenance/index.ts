/**
 * Public surface of `maintenance/`: revisions by km, days or engine hours, the checker that moves them to
 * pending and overdue (positions and the owner's timer) and the counts the dashboard tile shows.
 */
export { MaintenanceChecker, type MaintenanceContext } from "./checker.ts";
export { type MaintenanceRoutesContext, maintenanceRoutes } from "./routes.ts";
export { maintenanceCounts } from "./store.ts";
