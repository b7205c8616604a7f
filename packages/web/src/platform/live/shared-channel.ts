import { type SharedCloseReason, type SharedLiveMessage, sharedLiveMessageSchema } from "@vigia/domain";
import { liveSocketUrl } from "./live-client.ts";

/** Wait before reconnecting a channel the network dropped (not one the server ended). */
const RECONNECT_MS = 3_000;

export interface SharedChannelHandlers {
  /** The channel listens (first time or after a reconnect): read what may have been missed. */
  onOpen(): void;
  onPosition(message: Extract<SharedLiveMessage, { type: "pos" }>["data"]): void;
  /** The server ended the link's channel for good (revoked, expired, unknown). */
  onClosed(reason: SharedCloseReason): void;
}

/**
 * The public shared page's read-only live channel (/fr/ws/shareroute/{token}); no sign-in, the token is the
 * credential. Reconnects after network drops, never after the server said the link ended. Returns a stop.
 */
export function openSharedChannel(token: string, handlers: SharedChannelHandlers): () => void {
  let socket: WebSocket | null = null;
  let ended = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const url = `${liveSocketUrl(location)}shareroute/${encodeURIComponent(token)}`;

  const connect = () => {
    socket = new WebSocket(url);
    socket.onmessage = (event) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = sharedLiveMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === "open") handlers.onOpen();
      else if (message.type === "pos") handlers.onPosition(message.data);
      else {
        ended = true;
        handlers.onClosed(message.data.reason);
      }
    };
    socket.onclose = () => {
      socket = null;
      if (!ended) retry = setTimeout(connect, RECONNECT_MS);
    };
  };
  connect();
  return () => {
    ended = true;
    if (retry) clearTimeout(retry);
    socket?.close();
  };
}
