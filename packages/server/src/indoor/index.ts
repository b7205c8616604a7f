/** Public surface of `indoor/`: indoor maps, beacons, and the beacons the ingest positions sightings against. */
export { BeaconCache, type BeaconZones } from "./beacon-cache.ts";
export { locateBeacons } from "./locate-ble.ts";
export { type IndoorContext, indoorRoutes } from "./routes.ts";
export { beaconZoneRoutes } from "./zones-routes.ts";
export { beaconZoneIndex, beaconZoneName } from "./zones-store.ts";
