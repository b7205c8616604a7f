/** Public surface of `routing/`: nearest vehicles by driving time and driving routes. */
export { routingRoutes } from "./routes.ts";
