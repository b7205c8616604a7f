export { type MailingContext, requestOrigin, sendPasswordLink } from "./password-keys.ts";
export { authRoutes } from "./routes.ts";
