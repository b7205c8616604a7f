import type { ServerMessage } from "@vigia/domain";
import { exposeForDebug } from "../debug.ts";
import { applyBatch } from "./live-client.ts";
import { type LiveKey, liveItems } from "./store.ts";

/** Read access to the live store, published as `window.vigiaDebug.live` in debug mode (platform/debug.ts). */
export interface LiveDebug {
  size(): number;
  get(key: string): unknown;
  keys(): string[];
  /** Points of the selected item's live track. */
  trackLength(): number;
  /** Applies messages as if a batch had arrived (the map benchmark drives large fleets through it). */
  applyBatch(messages: ServerMessage[]): void;
}

/** Publishes the live handle in debug mode (the map calls it once it draws); does nothing otherwise. */
export function exposeLiveForDebug(): void {
  const handle: LiveDebug = {
    size: () => liveItems.items.size,
    get: (key) => liveItems.items.get(key as LiveKey),
    keys: () => [...liveItems.items.keys()],
    trackLength: () => liveItems.track.length,
    applyBatch: (messages) => applyBatch(messages),
  };
  exposeForDebug("live", handle);
}
