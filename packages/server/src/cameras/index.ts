/** Public surface of `cameras/`: cameras attached to vehicles, with their server-fetched snapshots. */
export { cameraRoutes } from "./routes.ts";
