/** Public surface of `sharing/`: shared-route links (issue 18). */
export { sharedRouteViewRoutes, sharingRoutes } from "./routes.ts";
