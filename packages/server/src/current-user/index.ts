/** Public surface of `current-user/`. The signed-in user's own profile routes. */
export { currentUserRoutes } from "./routes.ts";
