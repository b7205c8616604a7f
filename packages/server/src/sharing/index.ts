/** Public surface of `sharing/`: shared-route links (issue 18). */
export { SharedRouteChannel } from "./live-channel.ts";
export { sharedRouteViewRoutes, sharingRoutes } from "./routes.ts";
