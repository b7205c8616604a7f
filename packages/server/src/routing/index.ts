/** Public surface of `routing/`: nearest vehicles by driving time and driving routes (issue 18). */
export { routingRoutes } from "./routes.ts";
