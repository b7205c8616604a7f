import type { ClientMessage } from "@vigia/domain";
import { createContext, useContext } from "react";

export type LiveSend = (message: ClientMessage) => void;

/** The frame's live channel sender; app/shell/live-channel-provider.tsx provides it while a company is loaded. */
export const LiveSendContext = createContext<LiveSend>(() => undefined);

/** Sends a client message (selection, groups, sensor table…) on the frame's live channel. */
export function useLiveSend(): LiveSend {
  return useContext(LiveSendContext);
}
