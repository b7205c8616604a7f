/** Public surface of `supports/`. A reseller's support contacts and the companies whose help menu shows them. */
export { supportRoutes } from "./routes.ts";
