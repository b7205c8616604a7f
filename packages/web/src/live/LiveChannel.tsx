import type { ClientMessage } from "@vigia/domain";
import { createContext, type ReactNode, useContext } from "react";
import { useCompany } from "../company/company.ts";
import { useLiveClient } from "../map/hooks.ts";
import { useSession } from "../session/session.ts";

type Send = (message: ClientMessage) => void;

const LiveSendContext = createContext<Send>(() => undefined);

/**
 * One live channel for the whole signed-in frame while a company is loaded, so that alarm notices, POI
 * changes and the front-version check reach every screen, not only the map.
 */
export function LiveChannelProvider({ children }: { children: ReactNode }) {
  const { companyId } = useCompany();
  const { storage } = useSession();
  const send = useLiveClient(companyId, storage);
  return <LiveSendContext.Provider value={send}>{children}</LiveSendContext.Provider>;
}

/** Sends a client message (selection, groups, sensor table…) on the frame's live channel. */
export function useLiveSend(): Send {
  return useContext(LiveSendContext);
}
