/**
 * Public surface of `costs/`: the company's costs (CRUD, CSV import, totals per currency) and the amounts
 * per vehicle the reports divide by distance (cost per km).
 */
export { costRoutes } from "./routes.ts";
export { costsByVehicle, listCosts, type VehicleCostTotal } from "./store.ts";
