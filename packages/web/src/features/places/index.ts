/** What other features and the app use of places: the zones an item is inside, and live POI updates. */
export type { Keyed } from "./data.ts";
export { applyPlacesMessage, usePlacesData } from "./data.ts";
export { geozoneDraftState } from "./draft-state.ts";
export { InsideZones } from "./inside-zones.tsx";
export { addPlacesLayers } from "./map-layers.ts";
