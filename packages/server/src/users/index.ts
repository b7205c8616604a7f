export { companyUserRoutes } from "./admin-routes.ts";
export { resellerUserRoutes } from "./reseller-users.ts";
export { createUnsubscribeKey, unsubscribeRoutes } from "./unsubscribe-routes.ts";
