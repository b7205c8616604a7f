export { siteRoutes } from "./routes.ts";
export { siteForHost } from "./sites.ts";
