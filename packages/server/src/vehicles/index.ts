export { vehicleRoutes } from "./routes.ts";
