/** Public surface of `features/itineraries`: the /itineraries screen. */

export { itineraryProgressQuery } from "./api.ts";
export { ItinerariesPage } from "./itineraries-page.tsx";
