/** Public surface of `places/`. Geozones, POIs and WMS layers; the zone geometry the alarm engine uses. */
export { pointInZone, type Zone, ZoneIndex, ZoneTracker } from "./geometry.ts";
export { placesRoutes } from "./routes.ts";
export { announceZoneChanges, type CompanyZones, forgetZones, getCompanyZones } from "./zones-cache.ts";
