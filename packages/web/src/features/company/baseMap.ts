import { useQuery } from "@tanstack/react-query";
import { type MapProvider, mapProvidersApi, OSM_PROVIDER_ID } from "@vigia/domain";
import { useMemo } from "react";
import type { BaseMapChoice } from "../../kit/map/baseMaps.ts";
import { api } from "../../platform/api/instance.ts";
import { useSession } from "../../platform/session/session.ts";
import { useCompany } from "./company.ts";

/** The base maps the deployment offers (read once per session: they change only with the server's config). */
export function useMapProviders(): MapProvider[] | undefined {
  return useQuery({
    queryKey: ["map-providers"],
    queryFn: () => api.call(mapProvidersApi.list, {}),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** The provider a company's `conf.general.mapProvider` names, the site's tiles when it names none offered. */
export function pickProvider(providers: MapProvider[], chosen: unknown): MapProvider | null {
  const id = typeof chosen === "string" && chosen !== "" ? chosen : OSM_PROVIDER_ID;
  return providers.find((p) => p.id === id) ?? null;
}

/** The current company's base map, for `applyBaseMap`. */
export function useBaseMap(): BaseMapChoice {
  const { storage } = useSession();
  const { info } = useCompany();
  const providers = useMapProviders();
  const chosen = info?.conf.general.mapProvider;
  return useMemo(
    () => ({
      tilesUrl: storage.readTilesUrl(),
      provider: providers ? pickProvider(providers, chosen) : null,
    }),
    [storage, providers, chosen],
  );
}
