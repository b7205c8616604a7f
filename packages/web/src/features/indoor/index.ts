/** What the live map uses of indoor: floor plans as images MapLibre reads. */

export { beaconZonesQuery } from "./api.ts";
export { planCanvas } from "./plan-image.ts";
