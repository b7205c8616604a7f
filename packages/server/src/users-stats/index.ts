/** Public surface of `users-stats/`. Platform use statistics of the super reseller (/usersstats). */
export { usersStatsRoutes } from "./routes.ts";
