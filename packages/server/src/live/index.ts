/**
 * Public surface of `live/`. `LiveState` is the one owner of live item state and the only publisher on the
 * live bus; the WebSocket hub, stored tracks and the live routes read from it. The store and the bus are
 * internal: nothing outside `live/` writes state or publishes (test/live/owner.test.ts checks it).
 */
export type { LiveBus, LiveEnvelope } from "./bus.ts";
export { LiveHub } from "./hub.ts";
export {
  type AppliedListener,
  type AppliedPosition,
  type BindingCache,
  type CommittedPosition,
  companyWide,
  type ItemsChange,
  type LiveBinding,
  type LiveMessage,
  LiveState,
  reloadGroups,
} from "./live-state.ts";
export { clusterBindings, followBindings, NatsBus } from "./nats-bus.ts";
export { type RouteRow, readRoute } from "./route-reader.ts";
export { liveRoutes } from "./routes.ts";
export { applyPosition, type Effect, type EngineItem, newEngineItem } from "./state-engine.ts";
export { TrackService } from "./track-service.ts";
