/**
 * The real-time channel: JSON messages `{ type, data }` over the WebSocket at /fr/ws/. Both ends
 * import these schemas and the types derived from them; each end checks what it receives.
 */
export * from "./client-messages.ts";
export * from "./fleet-status.ts";
export * from "./playback.ts";
export * from "./server-messages.ts";
export * from "./state.ts";
