/** Public surface of `event-media/`: photos and clips devices attach to their events, and their viewers. */
export { deviceMediaRoutes, eventMediaRoutes } from "./routes.ts";
