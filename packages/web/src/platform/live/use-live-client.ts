import { type ClientMessage, currentUserApi, type ServerMessage } from "@vigia/domain";
import { useCallback, useEffect, useRef } from "react";
import { api, clientHooks } from "../api/instance.ts";
import type { SiteStorage } from "../session/storage.ts";
import { LiveClient } from "./live-client.ts";

/** Local-storage key the session writes the front version under (SiteStorage.writeFrontVersion). */
const frontVersionKey = (site: string): string => `vigia.${site}.frontVersion`;

/**
 * Runs the live channel while mounted (by the frame, see app/shell/live-channel-provider.tsx), bound to the
 * current company. `onMessage` sees every server message after the live store applied it; the latest one
 * passed is used, so callers need not keep it stable.
 */
export function useLiveClient(
  companyId: number | null,
  storage: SiteStorage,
  onMessage: (companyId: number, message: ServerMessage) => void,
): (message: ClientMessage) => void {
  const clientRef = useRef<LiveClient | null>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
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
      checkToken: () => api.call(currentUserApi.get, {}, { quiet: true }),
      reload: () => window.location.reload(),
      onMessage: (message) => onMessageRef.current(companyId, message),
    });
    clientRef.current = client;
    client.start(companyId);
    return () => {
      client.stop();
      clientRef.current = null;
    };
  }, [companyId, storage]);
  return useCallback((message: ClientMessage) => clientRef.current?.send(message), []);
}
