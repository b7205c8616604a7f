/** Public surface of `sites/`. Sites (the branding served per host name) and their routes. */

export { WORKER_MANIFEST_PATH, workerManifestMount } from "./manifest.ts";
export { siteRoutes } from "./routes.ts";
export { siteForHost } from "./sites.ts";
