/** Public surface of `sites/`. Sites (brands: the branding served per host name), their routes and index.html. */
export { brandImageRoutes, brandImageViewRoutes, brandRoutes } from "./brand-routes.ts";
export { brandedIndexHtml } from "./index-html.ts";
export { WORKER_MANIFEST_PATH, workerManifestMount } from "./manifest.ts";
export { siteRoutes } from "./routes.ts";
export { siteForHost } from "./sites.ts";
