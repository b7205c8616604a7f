/** Public surface of `vehicles/`. Vehicle routes. */
export { vehicleRoutes } from "./routes.ts";
