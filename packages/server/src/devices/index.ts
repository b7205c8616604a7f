/** Public surface of `devices/`. Device routes for companies and resellers, and the company's device list. */
export { registerResellerDeviceRoutes } from "./reseller-routes.ts";
export { companyDeviceRoutes } from "./routes.ts";
export { itemSpeedLimits } from "./speed-limits.ts";
