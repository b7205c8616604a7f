/** Public surface of `groups/`. Group tree routes. */
export { groupRoutes } from "./routes.ts";
