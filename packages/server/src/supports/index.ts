/** Public surface of `supports/`. A reseller's support contacts and the companies whose help menu shows them. */
export { supportPhotoRoutes, supportPhotoViewRoutes } from "./photo-routes.ts";
export { supportRoutes } from "./routes.ts";
