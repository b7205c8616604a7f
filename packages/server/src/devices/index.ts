export { registerResellerDeviceRoutes } from "./reseller-routes.ts";
export { companyDeviceRoutes } from "./routes.ts";
