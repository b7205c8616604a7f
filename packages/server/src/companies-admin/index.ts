/** Public surface of `companies-admin/`. Company and reseller management under /resellers. */
export { registerCompanyAdminRoutes, registerResellerAdminRoutes } from "./routes.ts";
