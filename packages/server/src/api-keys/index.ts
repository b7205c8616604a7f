/** Public surface of `api-keys/`. A company's API keys and the audit of every call made with one. */
export { apiKeyRoutes, auditApiKeyCalls } from "./routes.ts";
