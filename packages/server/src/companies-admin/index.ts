export { registerCompanyAdminRoutes, registerResellerAdminRoutes } from "./routes.ts";
