/** What the live map uses of indoor: floor plans as images MapLibre reads. */
export { planCanvas } from "./planImage.ts";
