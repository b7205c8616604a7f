/** Public surface of `features/maintenance`: the /maintenances screen. */
export { MaintenancesPage } from "./MaintenancesPage.tsx";
