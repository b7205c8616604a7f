import type { QueryClient } from "@tanstack/react-query";
import type { CompanyLoadResource, ServerMessage } from "@vigia/domain";
import { companyLoadKey } from "./api.ts";

/**
 * The company-load collections a live message makes stale. A driver identified by iButton or card changes
 * the vehicle's and the driver's rows on the server; without this the vehicles table kept an empty driver
 * column while the map showed the driver. Pure.
 */
export function resourcesChangedBy(message: ServerMessage): CompanyLoadResource[] {
  switch (message.type) {
    case "vDriver":
    case "dVehicle":
      return ["vehicles", "drivers"];
    default:
      return [];
  }
}

/** Messages come in bursts (a shift starting): reload each collection once per burst, not per message. */
const BURST_MS = 1500;
const pending = new Map<string, ReturnType<typeof setTimeout>>();

/** Reloads the collections a live message changed, once per burst (the frame's live channel calls it). */
export function refreshCompanyOnMessage(
  queryClient: QueryClient,
  companyId: number,
  message: ServerMessage,
): void {
  for (const resource of resourcesChangedBy(message)) {
    const key = `${companyId}:${resource}`;
    if (pending.has(key)) continue;
    pending.set(
      key,
      setTimeout(() => {
        pending.delete(key);
        void queryClient.invalidateQueries({ queryKey: companyLoadKey(companyId, resource) });
      }, BURST_MS),
    );
  }
}
