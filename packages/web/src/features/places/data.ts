import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type Geozone, type Poi, placesApi, type ServerMessage, type WmsLayer } from "@vigia/domain";
import { useCallback, useMemo } from "react";
import type { z } from "zod";
import { companyLoadKey, useCompany } from "../../platform/company/index.ts";

/**
 * Places live in the company-load cache (GET geozones, pois, layers at company load). Screens write through the
 * API and then patch that cache, so the live map, the lists and the editors all redraw from one copy.
 */
export type Keyed<T> = Record<string, T>;

/** The company-load collections of places, read with their contracts' answer schemas. */
const collections = {
  geozones: placesApi.geozones.response,
  pois: placesApi.pois.response,
  layers: placesApi.layers.response,
};
export type PlaceKind = keyof typeof collections;
/** A row of one of the places collections. */
export type RowOf<K extends PlaceKind> = z.infer<(typeof collections)[K]>[string];

/** A collection as cached; one not loaded yet (or not matching its contract) reads as empty. */
function keyed<T>(schema: z.ZodType<Keyed<T>>, value: unknown): Keyed<T> {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

export function usePlacesData(): { geozones: Keyed<Geozone>; pois: Keyed<Poi>; layers: Keyed<WmsLayer> } {
  const { data } = useCompany();
  const geozones = useMemo(() => keyed(collections.geozones, data.geozones), [data.geozones]);
  const pois = useMemo(() => keyed(collections.pois, data.pois), [data.pois]);
  const layers = useMemo(() => keyed(collections.layers, data.layers), [data.layers]);
  return useMemo(() => ({ geozones, pois, layers }), [geozones, pois, layers]);
}

interface Change<T> {
  put?: T[];
  remove?: number[];
}

function patchWith<T extends { id: number }>(
  schema: z.ZodType<Keyed<T>>,
  client: QueryClient,
  companyId: number,
  kind: PlaceKind,
  change: Change<T>,
): void {
  client.setQueryData(companyLoadKey(companyId, kind), (old: unknown) => {
    const next = { ...keyed(schema, old) };
    for (const row of change.put ?? []) next[row.id] = row;
    for (const id of change.remove ?? []) delete next[id];
    return next;
  });
}

/** One cache writer per collection, so a row can only go into the collection of its own kind. */
const patchers: {
  [K in PlaceKind]: (client: QueryClient, companyId: number, change: Change<RowOf<K>>) => void;
} = {
  geozones: (client, companyId, change) =>
    patchWith(collections.geozones, client, companyId, "geozones", change),
  pois: (client, companyId, change) => patchWith(collections.pois, client, companyId, "pois", change),
  layers: (client, companyId, change) => patchWith(collections.layers, client, companyId, "layers", change),
};

function patch<K extends PlaceKind>(
  client: QueryClient,
  companyId: number,
  kind: K,
  change: Change<RowOf<K>>,
) {
  patchers[kind](client, companyId, change);
}

/** Cache writers for the current company's places. */
export function usePlacesCache() {
  const client = useQueryClient();
  const { companyId } = useCompany();
  const put = useCallback(
    <K extends PlaceKind>(kind: K, rows: RowOf<K>[]) => {
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
 * Applies the live `poi` / `poiDel` messages and `geozone` / `geozoneDel` to the company
 * cache so every open map shows the change.
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
  if (message.type === "geozone") {
    patch(client, companyId, "geozones", { put: [message.data] });
    return true;
  }
  if (message.type === "geozoneDel") {
    patch(client, companyId, "geozones", { remove: [message.data.id] });
    return true;
  }
  return false;
}
