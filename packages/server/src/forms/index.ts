export { formRoutes } from "./routes.ts";
