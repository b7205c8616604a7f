/** Public surface of `forwarding/`. Data forwarding of committed positions to other platforms (conf.postsender). */
export { Forwarder } from "./forwarder.ts";
export { forwardingRoutes } from "./routes.ts";
