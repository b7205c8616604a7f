/**
 * Public surface of `geocoding/`. Reverse geocoding of positions to addresses: the imported streets and house
 * numbers first, then an online geocoder if configured, then the offline gazetteer.
 */
export { type AddressFeature, AddressWriter } from "./address-writer.ts";
export { importAddresses } from "./osm-import.ts";
export { chainPieces, type StreetWay } from "./pieces.ts";
export { coordinatesText, describePlace, formatDistance } from "./place-description.ts";
export { ReverseGeocoder } from "./reverse.ts";
export { streetsInBox } from "./store.ts";
