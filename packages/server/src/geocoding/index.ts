export { ReverseGeocoder } from "./reverse.ts";
