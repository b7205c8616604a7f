/** Public surface of `places/`. Geozones, POIs and WMS layers; the zone geometry the alarm engine uses. */
export { pointInZone, type Zone, ZoneIndex, ZoneTracker } from "./geometry.ts";
export { placesRoutes } from "./routes.ts";
export { type CompanyZones, loadCompanyZones, ZoneCache } from "./zones-cache.ts";
