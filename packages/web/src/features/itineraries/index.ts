/** Public surface of `features/itineraries`: the /itineraries screen. */
export { ItinerariesPage } from "./ItinerariesPage.tsx";
