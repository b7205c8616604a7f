/** Public surface of `super-log/`. The platform-wide audit log of the super reseller (/superLog). */
export { superLogRoutes } from "./routes.ts";
