/** Public surface of `map-tools/`: track-to-geozone corridors, DPA limits, sensor history and map markers (issue 18). */
export { mapToolRoutes } from "./routes.ts";
