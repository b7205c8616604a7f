/** Public surface of `sites/`. Sites (the branding served per host name) and their routes. */
export { siteRoutes } from "./routes.ts";
export { siteForHost } from "./sites.ts";
