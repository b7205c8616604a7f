/** Public surface of `users/`. User management for companies and resellers, and notification unsubscribe links. */
export { companyUserRoutes } from "./admin-routes.ts";
export { resellerUserRoutes } from "./reseller-users.ts";
export { createUnsubscribeKey } from "./store.ts";
export { unsubscribeRoutes } from "./unsubscribe-routes.ts";
