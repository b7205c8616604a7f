export { worktimeRoutes } from "./routes.ts";
