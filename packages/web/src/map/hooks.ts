import { useQueryClient } from "@tanstack/react-query";
import type { ClientMessage } from "@vigia/domain";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api, clientHooks } from "../api/instance.ts";
import { LiveClient } from "../live/liveClient.ts";
import { liveItems } from "../live/store.ts";
import { applyPlacesMessage } from "../places/data.ts";
import type { SiteStorage } from "../session/storage.ts";
import { type MapSettings, readMapSettings, writeMapSettings } from "./settings.ts";

/** Local-storage key the session writes the front version under (SiteStorage.writeFrontVersion). */
const frontVersionKey = (site: string): string => `vigia.${site}.frontVersion`;

/** Runs the live channel while mounted (by the frame, see live/LiveChannel.tsx), bound to the current company. */
export function useLiveClient(
  companyId: number | null,
  storage: SiteStorage,
): (message: ClientMessage) => void {
  const clientRef = useRef<LiveClient | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (companyId === null) return;
    const client = new LiveClient({
      accessToken: () => clientHooks.accessToken(),
      readFrontVersion: () => {
        const raw = localStorage.getItem(frontVersionKey(storage.site));
        const value = raw === null ? Number.NaN : Number(raw);
        return Number.isFinite(value) ? value : null;
      },
      writeFrontVersion: (initTs) => storage.writeFrontVersion(initTs),
      checkToken: () => api.get("current/user", { quiet: true }),
      reload: () => window.location.reload(),
      // poi / poiDel keep the company's places (drawn by the map) in step with other users' edits.
      onMessage: (message) => applyPlacesMessage(queryClient, companyId, message),
    });
    clientRef.current = client;
    client.start(companyId);
    return () => {
      client.stop();
      clientRef.current = null;
    };
  }, [companyId, storage, queryClient]);
  return useCallback((message: ClientMessage) => clientRef.current?.send(message), []);
}

/** Map filters and flags of the company, persisted in local storage on every change. */
export function useMapSettings(companyId: number | null): [MapSettings, (next: MapSettings) => void] {
  const [state, setState] = useState(() => readMapSettings(localStorage, companyId ?? 0));
  useEffect(() => setState(readMapSettings(localStorage, companyId ?? 0)), [companyId]);
  const update = useCallback(
    (next: MapSettings) => {
      setState(next);
      if (companyId !== null) writeMapSettings(localStorage, companyId, next);
    },
    [companyId],
  );
  return [state, update];
}

/** Re-renders once per applied batch (for panels that show live values). */
export function useLiveVersion(): number {
  return useSyncExternalStore(liveItems.subscribe, liveItems.getVersion, liveItems.getVersion);
}
