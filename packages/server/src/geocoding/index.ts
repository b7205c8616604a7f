/** Public surface of `geocoding/`. Reverse geocoding of positions to addresses. */
export { ReverseGeocoder } from "./reverse.ts";
