/** Public surface of `sharing/`: shared-route links. */
export { SharedRouteChannel } from "./live-channel.ts";
export { sharedRouteViewRoutes, sharingRoutes } from "./routes.ts";
