/**
 * Public surface of `app-config/`: the worker app's configuration, company defaults and device
 * overrides for administrators, and the app's own fetch authenticated with its device credentials.
 */
export { appConfigRoutes, authenticateAppDevice, deviceAppConfigRoutes } from "./routes.ts";
