/**
 * Public surface of `itineraries/`: the company's itineraries (CRUD, reseller-level users) and how a vehicle
 * followed one on a day, computed from that day's stored route by the pure engine in the domain.
 */

export { itinerariesShown } from "./flag.ts";
export { ItineraryPlanCache, type ItineraryPlans } from "./plans.ts";
export { itineraryProgressRoutes } from "./progress.ts";
export { type ItineraryRoutesContext, itineraryRoutes } from "./routes.ts";
