export { oneResellerRoutes, resellerRoutes } from "./routes.ts";
