import { useQueryClient } from "@tanstack/react-query";
import type { ServerMessage } from "@vigia/domain";
import { type ReactNode, useCallback } from "react";
import { applyMarkerMessage } from "../../features/map/tools/marker-live.ts";
import { applyPlacesMessage } from "../../features/places/index.ts";
import { refreshCompanyOnMessage, useCompany } from "../../platform/company/index.ts";
import { LiveSendContext } from "../../platform/live/live-send.tsx";
import { useLiveClient } from "../../platform/live/use-live-client.ts";
import { useSession } from "../../platform/session/session.ts";

/**
 * One live channel for the whole signed-in frame while a company is loaded, so that alarm notices, POI
 * changes and the front-version check reach every screen, not only the map.
 */
export function LiveChannelProvider({ children }: { children: ReactNode }) {
  const { companyId } = useCompany();
  const { storage, user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  // poi / poiDel keep the company's places (drawn by the map) in step with other users' edits; a driver
  // identified on a vehicle reloads the vehicles and drivers tables; map markers other sessions drop show at once.
  const onMessage = useCallback(
    (company: number, message: ServerMessage) => {
      applyPlacesMessage(queryClient, company, message);
      refreshCompanyOnMessage(queryClient, company, message);
      applyMarkerMessage(queryClient, company, userId, message);
    },
    [queryClient, userId],
  );
  const send = useLiveClient(companyId, storage, onMessage);
  return <LiveSendContext.Provider value={send}>{children}</LiveSendContext.Provider>;
}
