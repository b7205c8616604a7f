/** Public surface of `auth/`. Sign-in, token refresh and password keys; what other capabilities use to send password links. */
export { type MailingContext, sendPasswordLink } from "./password-keys.ts";
export { authRoutes } from "./routes.ts";
