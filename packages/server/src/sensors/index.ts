/** Public surface of `sensors/`. The company's edits of the sensor catalogue. */
export { sensorRoutes } from "./routes.ts";
