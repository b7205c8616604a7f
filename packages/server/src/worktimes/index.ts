/** Public surface of `worktimes/`. Work-time routes. */
export { worktimeRoutes } from "./routes.ts";
