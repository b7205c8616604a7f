/** Public surface of `two-factor/`. The user's own TOTP switch and the company policy that enforces it. */
export { twoFactorCompanyRoutes, twoFactorResellerRoutes, twoFactorUserRoutes } from "./routes.ts";
