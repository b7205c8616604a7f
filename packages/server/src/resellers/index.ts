/** Public surface of `resellers/`. The reseller-load routes. */
export { oneResellerRoutes, resellerRoutes } from "./routes.ts";
