export { type Zone, ZoneIndex, ZoneTracker } from "./geometry.ts";
export { placesRoutes } from "./routes.ts";
export { getCompanyZones } from "./zones-cache.ts";
