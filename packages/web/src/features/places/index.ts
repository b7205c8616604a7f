/** What other features and the app use of places: the zones an item is inside, and live POI updates. */
export { applyPlacesMessage } from "./data.ts";
export { geozoneDraftState } from "./draftState.ts";
export { InsideZones } from "./InsideZones.tsx";
