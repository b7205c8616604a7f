/** Public surface of `geocoding/`. Reverse geocoding of positions to addresses, online or from the offline gazetteer. */

export { coordinatesText, describePlace, formatDistance } from "./place-description.ts";
export { ReverseGeocoder } from "./reverse.ts";
