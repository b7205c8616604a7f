/**
 * The real-time channel: JSON messages `{ type, data }` over the WebSocket at /fr/ws/. Both ends
 * import these schemas and the types derived from them; each end checks what it receives.
 */
export * from "./live/client-messages.ts";
export * from "./live/fleet-status.ts";
export * from "./live/playback.ts";
export * from "./live/server-messages.ts";
export * from "./live/state.ts";
