import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { Geozone, Poi, ServerMessage, WmsLayer } from "@vigia/domain";
import { useCallback, useMemo } from "react";
import { COMPANY_QUERY_KEY, useCompany } from "../company/index.ts";

/**
 * Places live in the company-load cache (GET geozones, pois, layers at company load). Screens write through the
 * API and then patch that cache, so the live map, the lists and the editors all redraw from one copy.
 */
export type Keyed<T> = Record<string, T>;
type PlaceKind = "geozones" | "pois" | "layers";

function asKeyed<T>(value: unknown): Keyed<T> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Keyed<T>) : {};
}

export function usePlacesData(): { geozones: Keyed<Geozone>; pois: Keyed<Poi>; layers: Keyed<WmsLayer> } {
  const { data } = useCompany();
  return useMemo(
    () => ({
      geozones: asKeyed<Geozone>(data.geozones),
      pois: asKeyed<Poi>(data.pois),
      layers: asKeyed<WmsLayer>(data.layers),
    }),
    [data.geozones, data.pois, data.layers],
  );
}

function patch<T extends { id: number }>(
  client: QueryClient,
  companyId: number,
  kind: PlaceKind,
  change: { put?: T[]; remove?: number[] },
): void {
  client.setQueryData<Keyed<T>>([COMPANY_QUERY_KEY, companyId, kind], (old) => {
    const next = { ...asKeyed<T>(old) };
    for (const row of change.put ?? []) next[row.id] = row;
    for (const id of change.remove ?? []) delete next[id];
    return next;
  });
}

/** Cache writers for the current company's places. */
export function usePlacesCache() {
  const client = useQueryClient();
  const { companyId } = useCompany();
  const put = useCallback(
    <T extends { id: number }>(kind: PlaceKind, rows: T[]) => {
      if (companyId !== null) patch(client, companyId, kind, { put: rows });
    },
    [client, companyId],
  );
  const remove = useCallback(
    (kind: PlaceKind, ids: number[]) => {
      if (companyId !== null) patch(client, companyId, kind, { remove: ids });
    },
    [client, companyId],
  );
  return { put, remove };
}

/**
 * Applies the live `poi` / `poiDel` messages (spec 01 §7) to the company cache so every open map shows the change.
 * Returns true when the message was a places message. Meant for LiveClient's onMessage.
 */
export function applyPlacesMessage(client: QueryClient, companyId: number, message: ServerMessage): boolean {
  if (message.type === "poi") {
    patch(client, companyId, "pois", { put: [message.data] });
    return true;
  }
  if (message.type === "poiDel") {
    patch(client, companyId, "pois", { remove: [message.data.id] });
    return true;
  }
  return false;
}

export const companyPath = (companyId: number | null, rest: string): string =>
  `companies/id/${companyId ?? 0}/${rest}`;
