/** Public surface of `map-tools/`: track-to-geozone corridors, DPA limits, sensor history and map markers. */
export { mapToolRoutes } from "./routes.ts";
