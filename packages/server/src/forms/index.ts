export { deviceFileRoutes, deviceFormRoutes } from "./device-routes.ts";
export { formRoutes } from "./routes.ts";
