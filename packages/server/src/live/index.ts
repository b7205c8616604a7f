/** Public surface of `live/`. Live item state, the bus, the WebSocket hub, stored routes and the live routes. */
export { type LiveBus, type LiveEnvelope, MemoryBus } from "./bus.ts";
export { LiveHub } from "./hub.ts";
export { RouteService } from "./route-service.ts";
export { liveRoutes } from "./routes.ts";
export { applyPosition, type Effect } from "./state-engine.ts";
export { LiveStore } from "./store.ts";
