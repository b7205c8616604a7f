import { useSyncExternalStore } from "react";
import { liveItems } from "../../platform/live/store.ts";

/**
 * The frame's live channel (app/shell/live-channel-provider.tsx) applies poi / poiDel to the places cache on every screen.
 * Returns true once that channel is bound (the company snapshot has loaded), from when edits arrive live.
 */
export function usePlacesLive(): boolean {
  return useSyncExternalStore(liveItems.subscribe, () => liveItems.items.size > 0);
}
