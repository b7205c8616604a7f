export { currentUserRoutes } from "./routes.ts";
