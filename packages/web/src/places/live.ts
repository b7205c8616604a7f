import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { api, clientHooks } from "../api/instance.ts";
import { useCompany } from "../company/company.ts";
import { LiveClient } from "../live/liveClient.ts";
import { liveItems } from "../live/store.ts";
import { useSession } from "../session/session.ts";
import { applyPlacesMessage } from "./data.ts";

/**
 * Keeps the places screens in step with other users' edits: while a places screen is open it holds its own live
 * channel (the live map, which holds one of its own, is not mounted then) and applies poi / poiDel to the cache.
 * Returns true once the channel is bound (the company snapshot has loaded).
 */
export function usePlacesLive(): boolean {
  const { companyId } = useCompany();
  const { storage } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (companyId === null) return;
    const client = new LiveClient({
      accessToken: () => clientHooks.accessToken(),
      // A places screen never reloads the page for a new front; the live map does that.
      readFrontVersion: () => null,
      writeFrontVersion: (initTs) => storage.writeFrontVersion(initTs),
      checkToken: () => api.get("current/user", { quiet: true }),
      reload: () => undefined,
      onMessage: (message) => {
        applyPlacesMessage(queryClient, companyId, message);
      },
    });
    client.start(companyId);
    return () => client.stop();
  }, [companyId, storage, queryClient]);
  // The company snapshot arrives in reply to bindCompany: from then on this screen receives poi messages.
  return useSyncExternalStore(liveItems.subscribe, () => liveItems.items.size > 0);
}
