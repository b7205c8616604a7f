/** Public surface of `features/maintenance`: the /maintenances screen. */

export { revisionCountsQuery } from "./api.ts";
export { MaintenancesPage } from "./maintenances-page.tsx";
