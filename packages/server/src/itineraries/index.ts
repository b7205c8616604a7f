/**
 * Public surface of `itineraries/`: the company's itineraries (CRUD, reseller-level users) and how a vehicle or a
 * person followed one on a day, computed from that day's stored route by the pure engine in the domain.
 */

export { deviceItineraryRoutes } from "./device-routes.ts";
export { itinerariesShown } from "./flag.ts";
export { ItineraryPlanCache, type ItineraryPlans } from "./plans.ts";
export { itineraryProgressRoutes } from "./progress.ts";
export { type ItineraryRoutesContext, itineraryRoutes } from "./routes.ts";
